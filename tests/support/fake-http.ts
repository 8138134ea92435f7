import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Small pieces the fake payment providers share: a server on a free port, bodies, pages. */

export type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export interface Listening {
  url: string;
  close(): Promise<void>;
}

export async function listen(
  handler: Handler,
  options: { port?: number; host?: string } = {},
): Promise<Listening> {
  const server = createServer((request, response) => {
    handler(request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) json(response, 500, { error: { message } });
      else response.end();
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location });
  response.end();
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );
}

/**
 * The provider's hosted payment page, reduced to two plain form buttons so that a browser test
 * with or without JavaScript (or a plain HTTP POST) can pay or cancel.
 */
export function checkoutPage(
  response: ServerResponse,
  page: { provider: string; id: string; description: string; amount: string; open: boolean },
): void {
  const buttons = page.open
    ? `<form method="post" action="/pay/${encodeURIComponent(page.id)}/pay">
        <button type="submit">Bezahlen</button>
      </form>
      <form method="post" action="/pay/${encodeURIComponent(page.id)}/cancel">
        <button type="submit">Abbrechen</button>
      </form>`
    : "<p>Diese Zahlung ist nicht mehr offen.</p>";
  response.writeHead(page.open ? 200 : 410, { "Content-Type": "text/html; charset=utf-8" });
  response.end(`<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(page.provider)} (Testumgebung): Zahlung</title>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(page.provider)} (Testumgebung)</h1>
      <p>${escapeHtml(page.description)}</p>
      <p>Betrag: <strong>${escapeHtml(page.amount)}</strong></p>
      ${buttons}
    </main>
  </body>
</html>`);
}

/** 1234, "EUR" → "12,34 EUR": only for the fake pages. */
export function amountLabel(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2).replace(".", ",")} ${currency.toUpperCase()}`;
}

export function notFound(response: ServerResponse, body: unknown): void {
  json(response, 404, body);
}

export async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}
