import { request } from "node:http";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request with any method Node's HTTP client knows: `fetch` refuses TRACE, TRACK and CONNECT
 * outright, and the hostile walk must send them. Resolves to null when the server closed the
 * connection without an answer (Node itself does that with CONNECT when nobody listens for it).
 */
export function rawRequest(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Uint8Array,
): Promise<RawAnswer | null> {
  // Node's client frames only some methods' bodies by itself (not OPTIONS', for one).
  const framing = body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
  return new Promise((resolve) => {
    const sent = request(
      `${origin}${path}`,
      { method, headers: { ...headers, ...framing } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", () => resolve(null));
      },
    );
    sent.on("error", () => resolve(null));
    // CONNECT's answer comes as 'connect', not as a response.
    sent.on("connect", (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: "" });
    });
    sent.end(body);
  });
}

/**
 * What an error answer's body must not say (issue 35): Remix's and Express's English fallbacks,
 * a stack trace, or "internal error" on an answer that is the client's fault. The spec's own
 * titles ('404 Not Found', '500 Internal Server Error') are German pages' headings and pass; the
 * single-fetch stream (`text/x-script`) carries Remix's status text for the app's own client,
 * which shows the German error page, and is only checked for "Unexpected".
 */
export function answerFlaw(status: number, contentType: string, body: string): string | null {
  if (/Unexpected Server Error|Unknown Server Error/.test(body)) return "Unexpected Server Error";
  if (status < 500 && /interner Fehler|Internal Server Error/.test(body)) {
    return "interner Fehler bei einem 4xx";
  }
  if (contentType.includes("text/x-script")) return null;
  const english =
    /<title>Error<\/title>|Cannot [A-Z-]+ \/|Method Not Allowed|Bad Request|Not Implemented|HTTP method is unsupported|\n\s+at [^\n]+:\d+:\d+\)?/.exec(
      body,
    );
  return english ? `englisch: ${english[0].trim().slice(0, 40)}` : null;
}
