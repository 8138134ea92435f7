import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A local SMTP server (the `smtp-server` package, so it speaks real SMTP to nodemailer) that
 * keeps every message it accepts, decoded enough for tests to read: subject, plain text, HTML.
 * `refuse(n)` makes it answer the next n messages with a temporary failure (451), as a full or
 * unwell mail server would.
 */

export interface CapturedMail {
  /** The envelope, as the client said MAIL FROM / RCPT TO. */
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  messageId: string | null;
  headers: Map<string, string>;
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** smtp://127.0.0.1:{port}, ready for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message (already here or still to come) that matches. */
  waitFor(predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  refuse(count: number, reply?: { code: number; message: string }): void;
  /** Connections the sink has seen (tests check that nothing was even attempted). */
  connections(): number;
  close(): Promise<void>;
}

export async function startSmtpSink(
  options: { port?: number; host?: string } = {},
): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  const waiters: {
    predicate: (mail: CapturedMail) => boolean;
    resolve: (mail: CapturedMail) => void;
  }[] = [];
  let refusals = 0;
  let refusal = { code: 451, message: "4.3.0 Vorübergehend nicht verfügbar, bitte später erneut" };
  let connectionCount = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      connectionCount += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = parseMail(raw, {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((address) => address.address),
        });
        messages.push(mail);
        for (const waiter of waiters.splice(0)) {
          if (waiter.predicate(mail)) waiter.resolve(mail);
          else waiters.push(waiter);
        }
        callback();
      });
    },
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  // A client killed mid-conversation (a server process in the fault tests) resets its
  // connection; the sink notes nothing and serves the next one.
  server.on("error", () => undefined);
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://${host}:${port}`,
    messages,
    waitFor(predicate = () => true, timeoutMs = 5_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Keine passende E-Mail nach ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    refuse(count, reply) {
      refusals = count;
      if (reply) refusal = reply;
    },
    connections: () => connectionCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ——— Just enough MIME to read what nodemailer writes ———

function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const { headers, body } = splitEntity(raw);
  const parts = leafParts(headers, body);
  const header = (name: string) => decodeWords(headers.get(name) ?? "");
  return {
    envelopeFrom: envelope.from,
    envelopeTo: envelope.to,
    from: header("from"),
    to: header("to"),
    subject: header("subject"),
    text: parts.find((part) => part.type === "text/plain")?.content ?? "",
    html: parts.find((part) => part.type === "text/html")?.content ?? null,
    messageId: headers.get("message-id") ?? null,
    headers,
    raw,
  };
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function leafParts(
  headers: Map<string, string>,
  body: string,
): { type: string; content: string }[] {
  const contentType = headers.get("content-type") ?? "text/plain";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((section) => !section.startsWith("--"))
      .flatMap((section) => {
        const part = splitEntity(section.replace(/^\r\n/, ""));
        return leafParts(part.headers, part.body);
      });
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  return [{ type, content: decodeBody(body, encoding).replace(/\r\n/g, "\n").replace(/\n$/, "") }];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body.replace(/=\r\n/g, ""));
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(text[index]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (`=?UTF-8?Q?B=C3=A4ckerei?=`); blanks between two of them vanish. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_match, _charset, kind: string, encoded: string) =>
        kind.toUpperCase() === "B"
          ? Buffer.from(encoded, "base64").toString("utf8")
          : decodeQuotedPrintable(encoded.replace(/_/g, " ")),
    );
}
