import net from "node:net";
import { performance } from "node:perf_hooks";

/**
 * A receipt printer on raw TCP (port 9100 style) for the tests (decision 056), listening on an
 * ephemeral port. It reads ESC/POS bytes and answers the status request `GS r 1` with one status
 * byte, as real printers do once everything before it has been printed. A ticket counts as
 * printed when its bytes up to that request arrived; it is recorded by the job id printed in
 * it ('Auftrag 123'). Modes: accept; stall (reads, never answers); refuse (the port is closed);
 * drop after N bytes (the connection is reset mid-ticket), for every connection or every k-th;
 * no-status (a printer that does not know `GS r`, decision 063: it prints each ticket as its bytes
 * arrive, counted at the cut `GS V`, never answers, and closes when the sender closes).
 * `restart` closes the listening socket and every connection for a while and listens again on the
 * same port (the printer switched off and on); `holdNextAnswer` prints the next ticket but keeps
 * its status answer back (the moment between paper and answer, for the server-crash run).
 */
export type FakePrinterMode =
  /** `answerAfterMs`: a slow printer, the status byte that long after the ticket arrived. */
  | { kind: "accept"; answerAfterMs?: number }
  | { kind: "stall" }
  | { kind: "refuse" }
  | { kind: "drop"; afterBytes: number; every?: number }
  | { kind: "no-status" };

const STATUS_REQUEST = Buffer.from([0x1d, 0x72, 1]);
/** GS V 66 0: feed and partial cut, the end of every ticket. */
const CUT = Buffer.from([0x1d, 0x56, 66, 0]);

export interface FakeTcpPrinter {
  port: number;
  /** Job ids in the order their tickets were printed (repeats show as repeats). */
  printed: number[];
  /** When each of `printed` arrived (performance.now()), for the benchmark. */
  printedAt: number[];
  /** Whole raw tickets as received, in order. */
  tickets: Buffer[];
  connections: number;
  /**
   * The most connections open at the same time (from the connection until the sender's end or
   * the close): a real port-9100 printer serves one sender at a time (issue 35).
   */
  maxOpen: number;
  /** Connections reset mid-ticket by the drop mode. */
  dropped: number;
  /** Completed restarts. */
  restarts: number;
  setMode(mode: FakePrinterMode): Promise<void>;
  /** Off for `downMs` (refused, open connections cut), then back on the same port. */
  restart(downMs: number): Promise<void>;
  /**
   * The next ticket is printed (counted) but its status byte is not sent; resolves with its job
   * id. `release()` then closes that connection without an answer.
   */
  holdNextAnswer(): Promise<{ jobId: number; release(): void }>;
  close(): Promise<void>;
}

export async function startFakeTcpPrinter(
  initial: FakePrinterMode = { kind: "accept" },
  options: { belowEphemeralPorts?: boolean } = {},
): Promise<FakeTcpPrinter> {
  let mode = initial;
  const sockets = new Set<net.Socket>();
  let restarting = Promise.resolve();
  let hold: ((held: { jobId: number; release(): void }) => void) | undefined;
  const printer: FakeTcpPrinter = {
    port: 0,
    printed: [],
    printedAt: [],
    tickets: [],
    connections: 0,
    maxOpen: 0,
    dropped: 0,
    restarts: 0,
    // One restart after the other: a second one asked for while the printer is off waits.
    restart: (downMs) => {
      restarting = restarting.then(async () => {
        if (listener) await stopListening();
        await new Promise((resolve) => setTimeout(resolve, downMs));
        if (mode.kind !== "refuse") await listen(printer.port);
        printer.restarts += 1;
      });
      return restarting;
    },
    holdNextAnswer: () =>
      new Promise((resolve) => {
        hold = resolve;
      }),
    setMode: async (next) => {
      const wasRefusing = mode.kind === "refuse";
      mode = next;
      if (next.kind === "refuse" && !wasRefusing) await stopListening();
      if (next.kind !== "refuse" && wasRefusing) await listen(printer.port);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (listener) await stopListening();
    },
  };

  let open = 0;
  const onConnection = (socket: net.Socket) => {
    sockets.add(socket);
    open += 1;
    printer.maxOpen = Math.max(printer.maxOpen, open);
    let ended = false;
    const over = () => {
      if (ended) return;
      ended = true;
      open -= 1;
    };
    socket.on("end", over);
    socket.on("close", () => {
      over();
      sockets.delete(socket);
    });
    socket.on("error", () => undefined);
    printer.connections += 1;
    const number = printer.connections;
    const drops =
      mode.kind === "drop" && (mode.every === undefined || number % mode.every === 0)
        ? mode.afterBytes
        : null;
    const stalls = mode.kind === "stall";
    const silent = mode.kind === "no-status";
    const answerAfterMs = mode.kind === "accept" ? (mode.answerAfterMs ?? 0) : 0;
    let received = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (drops !== null && received.length >= drops) {
        // A reset mid-ticket: the paper shows half a ticket without a cut; nothing is counted.
        printer.dropped += 1;
        socket.resetAndDestroy();
        return;
      }
      if (silent) {
        // Printed as it arrives: a ticket is on paper at its cut. A `GS r` is not understood.
        let cut = received.indexOf(CUT);
        while (cut !== -1) {
          record(received.subarray(0, cut + CUT.length));
          received = received.subarray(cut + CUT.length);
          cut = received.indexOf(CUT);
        }
        return;
      }
      if (stalls) return;
      const end = received.indexOf(STATUS_REQUEST);
      if (end === -1) return;
      const ticket = received.subarray(0, end);
      received = received.subarray(end + STATUS_REQUEST.length);
      const jobId = record(ticket);
      if (hold) {
        const held = hold;
        hold = undefined;
        socket.pause();
        held({ jobId, release: () => socket.destroy() });
        return;
      }
      if (answerAfterMs > 0) {
        setTimeout(() => {
          if (!socket.destroyed) socket.write(Buffer.from([0x12]));
        }, answerAfterMs);
      } else socket.write(Buffer.from([0x12]));
    });
  };
  /** The listening socket while the printer is on. */
  let listener: net.Server | undefined;

  function record(ticket: Buffer): number {
    printer.tickets.push(ticket);
    const match = /Auftrag (\d+)/.exec(ticket.toString("latin1"));
    const jobId = match ? Number(match[1]) : -1;
    printer.printed.push(jobId);
    printer.printedAt.push(performance.now());
    return jobId;
  }

  /** Listens on `port` with a new server socket (a restarted printer is a new listener). */
  function listen(port: number): Promise<void> {
    const server = net.createServer(onConnection);
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        listener = server;
        printer.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  /**
   * Closes the listening socket (the port refuses from now on) and cuts every connection. Does
   * not wait for the server's 'close' event, which may come much later than the port is free.
   */
  async function stopListening(): Promise<void> {
    for (const socket of sockets) socket.destroy();
    listener?.close();
    listener = undefined;
  }

  if (options.belowEphemeralPorts) {
    // A printer that is off while the server connects to it must not listen on a port of the
    // ephemeral range (32768-60999 on Linux): the kernel may then pick that very port as the
    // connection's own, and the socket connects to itself (TCP simultaneous open), answers its
    // own bytes and holds the port. Real printers listen on 9100, below the range.
    for (let attempt = 0; ; attempt += 1) {
      const port = 20_000 + Math.floor(Math.random() * 12_000);
      try {
        await listen(port);
        break;
      } catch (error) {
        if (attempt >= 50) throw error;
      }
    }
  } else {
    await listen(0);
  }
  if (initial.kind === "refuse") await stopListening();
  return printer;
}
