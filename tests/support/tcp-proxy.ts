import net from "node:net";

/**
 * A TCP proxy in front of the PostgreSQL server, to break connections the way networks do:
 * `freeze()` stops passing bytes on the open connections without closing them (a peer that
 * vanished, a NAT table that forgot the flow); new connections pass normally again.
 * `cut()` is a server that went down: every open connection is closed and new ones are refused
 * (ECONNREFUSED) until `restore()`.
 */
export interface TcpProxy {
  port: number;
  /** Connections currently open through the proxy. */
  open(): number;
  freeze(): void;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; frozen: boolean }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream, frozen: false };
    pairs.add(pair);
    client.on("data", (chunk) => {
      if (!pair.frozen) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!pair.frozen) client.write(chunk);
    });
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const pair of pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
  };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      dropAll();
    });
  return {
    port,
    open: () => pairs.size,
    freeze() {
      for (const pair of pairs) pair.frozen = true;
    },
    cut: stopListening,
    async restore() {
      if (server.listening) return;
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
    },
    close: stopListening,
  };
}
