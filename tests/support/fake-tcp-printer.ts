import net from "node:net";

/**
 * A receipt printer on raw TCP (port 9100 style) for the tests (decision 056), listening on an
 * ephemeral port. It reads ESC/POS bytes and answers the status request `GS r 1` with one status
 * byte, as real printers do once everything before it has been printed. A ticket counts as
 * printed when its bytes up to that request arrived; it is recorded by the job id printed in
 * it ('Auftrag 123'). Modes: accept; stall (reads, never answers); refuse (the port is closed);
 * drop after N bytes (the connection is reset mid-ticket), for every connection or every k-th.
 */
export type FakePrinterMode =
  | { kind: "accept" }
  | { kind: "stall" }
  | { kind: "refuse" }
  | { kind: "drop"; afterBytes: number; every?: number };

const STATUS_REQUEST = Buffer.from([0x1d, 0x72, 1]);

export interface FakeTcpPrinter {
  port: number;
  /** Job ids in the order their tickets were printed (repeats show as repeats). */
  printed: number[];
  /** Whole raw tickets as received, in order. */
  tickets: Buffer[];
  connections: number;
  setMode(mode: FakePrinterMode): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeTcpPrinter(
  initial: FakePrinterMode = { kind: "accept" },
): Promise<FakeTcpPrinter> {
  let mode = initial;
  const sockets = new Set<net.Socket>();
  const printer: FakeTcpPrinter = {
    port: 0,
    printed: [],
    tickets: [],
    connections: 0,
    setMode: async (next) => {
      const wasRefusing = mode.kind === "refuse";
      mode = next;
      if (next.kind === "refuse" && !wasRefusing) await stopListening();
      if (next.kind !== "refuse" && wasRefusing) await listen(printer.port);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await stopListening();
    },
  };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    printer.connections += 1;
    const number = printer.connections;
    const drops =
      mode.kind === "drop" && (mode.every === undefined || number % mode.every === 0)
        ? mode.afterBytes
        : null;
    const stalls = mode.kind === "stall";
    let received = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (drops !== null && received.length >= drops) {
        // A reset mid-ticket: the paper shows half a ticket without a cut; nothing is counted.
        socket.resetAndDestroy();
        return;
      }
      if (stalls) return;
      const end = received.indexOf(STATUS_REQUEST);
      if (end === -1) return;
      const ticket = received.subarray(0, end);
      received = received.subarray(end + STATUS_REQUEST.length);
      printer.tickets.push(ticket);
      const match = /Auftrag (\d+)/.exec(ticket.toString("latin1"));
      printer.printed.push(match ? Number(match[1]) : -1);
      socket.write(Buffer.from([0x12]));
    });
  });

  function listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        printer.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  function stopListening(): Promise<void> {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(() => resolve()));
  }

  await listen(0);
  if (initial.kind === "refuse") await stopListening();
  return printer;
}
