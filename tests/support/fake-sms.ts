import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { json, listen, notFound, readBody, type Listening } from "./fake-http";

/**
 * A local Twilio that answers exactly the request the app makes (see
 * app/integrations/sms/twilio.server.ts) with Twilio's shapes: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded, HTTP Basic auth with the
 * Account SID and Auth Token. It checks the auth, the account in the path and the fields, keeps
 * every accepted message, and can be told to fail the next requests (`fail(n)`) as a provider
 * that is down would. Another process (the end-to-end tests) reads `GET /messages` and drives
 * `POST /_fake/fail` with `{ "count": n }`.
 */

export interface FakeSmsMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  /** How many SMS the text takes: GSM-7 (160, or 153 per part) or UCS-2 (70, or 67 per part). */
  segments: number;
  encoding: "GSM-7" | "UCS-2";
  createdAt: string;
}

export interface FakeSmsFailure {
  status: number;
  code: number;
  message: string;
}

export interface FakeSms extends Listening {
  accountSid: string;
  authToken: string;
  /** Accepted messages, oldest first. */
  messages: FakeSmsMessage[];
  /** Requests that reached the API, accepted or not. */
  requests(): number;
  /** Answers the next `count` sends with an error (default: Twilio's 500, code 20500). */
  fail(count: number, failure?: Partial<FakeSmsFailure>): void;
  /** Resolves with the first message (already here or still to come) that matches. */
  waitFor(
    predicate?: (sms: FakeSmsMessage) => boolean,
    timeoutMs?: number,
  ): Promise<FakeSmsMessage>;
}

export interface FakeSmsOptions {
  port?: number;
  host?: string;
  accountSid?: string;
  authToken?: string;
}

const DEFAULT_FAILURE: FakeSmsFailure = {
  status: 500,
  code: 20500,
  message: "An internal server error has occurred",
};

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "\f^{}\\[~]|€";

/** The encoding Twilio would choose and the number of parts the text is sent in. */
export function smsSegments(text: string): { encoding: "GSM-7" | "UCS-2"; segments: number } {
  let septets = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENSION.includes(char)) septets += 2;
    else {
      // UTF-16 code units: an emoji takes two.
      const units = text.length;
      return { encoding: "UCS-2", segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: "GSM-7", segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

const E164 = /^\+[1-9]\d{5,14}$/;

export async function startFakeSms(options: FakeSmsOptions = {}): Promise<FakeSms> {
  const accountSid = options.accountSid ?? `AC${randomBytes(16).toString("hex")}`;
  const authToken = options.authToken ?? randomBytes(16).toString("hex");
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const messages: FakeSmsMessage[] = [];
  const waiters: {
    predicate: (sms: FakeSmsMessage) => boolean;
    resolve: (sms: FakeSmsMessage) => void;
  }[] = [];
  let failures = 0;
  let failure = DEFAULT_FAILURE;
  let requestCount = 0;

  const twilioError = (response: ServerResponse, status: number, code: number, message: string) =>
    json(response, status, {
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });

  function record(message: FakeSmsMessage): void {
    messages.push(message);
    for (const waiter of waiters.splice(0)) {
      if (waiter.predicate(message)) waiter.resolve(message);
      else waiters.push(waiter);
    }
  }

  async function createMessage(request: IncomingMessage, response: ServerResponse, sid: string) {
    requestCount += 1;
    if (request.headers.authorization !== expectedAuth) {
      return twilioError(response, 401, 20003, "Authenticate");
    }
    if (sid !== accountSid) {
      return twilioError(
        response,
        404,
        20404,
        `The requested resource /2010-04-01/Accounts/${sid}/Messages.json was not found`,
      );
    }
    if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
      return twilioError(response, 400, 21602, "Message body is required.");
    }
    const form = new URLSearchParams(await readBody(request));
    if (failures > 0) {
      failures -= 1;
      return twilioError(response, failure.status, failure.code, failure.message);
    }
    const to = form.get("To") ?? "";
    const from = form.get("From");
    const service = form.get("MessagingServiceSid");
    const body = form.get("Body") ?? "";
    if (!E164.test(to)) {
      return twilioError(
        response,
        400,
        21211,
        `The 'To' number ${to} is not a valid phone number.`,
      );
    }
    if (!from && !service) {
      return twilioError(response, 400, 21603, "A 'From' phone number is required.");
    }
    if (body === "") return twilioError(response, 400, 21602, "Message body is required.");
    if (body.length > 1600) {
      return twilioError(
        response,
        400,
        21617,
        "The concatenated message body exceeds the 1600 character limit.",
      );
    }
    const createdAt = new Date();
    const message: FakeSmsMessage = {
      sid: `SM${randomBytes(16).toString("hex")}`,
      to,
      from,
      messagingServiceSid: service,
      body,
      ...smsSegments(body),
      createdAt: createdAt.toISOString(),
    };
    record(message);
    const date = createdAt.toUTCString().replace("GMT", "+0000");
    const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`;
    json(response, 201, {
      account_sid: accountSid,
      api_version: "2010-04-01",
      body,
      date_created: date,
      date_sent: null,
      date_updated: date,
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from: from ?? null,
      messaging_service_sid: service,
      num_media: "0",
      num_segments: String(message.segments),
      price: null,
      price_unit: "USD",
      sid: message.sid,
      status: service ? "accepted" : "queued",
      subresource_uris: { media: uri.replace(/\.json$/, "/Media.json") },
      to,
      uri,
    });
  }

  const server = await listen(
    async (request, response) => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const method = request.method ?? "GET";
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
      if (match && method === "POST") return createMessage(request, response, match[1]!);
      if (match) return twilioError(response, 405, 20004, "Method not allowed");
      if (method === "GET" && url.pathname === "/messages") return json(response, 200, messages);
      if (method === "POST" && url.pathname === "/_fake/fail") {
        const body = JSON.parse((await readBody(request)) || "{}") as Partial<FakeSmsFailure> & {
          count?: number;
        };
        failures = body.count ?? 1;
        failure = { ...DEFAULT_FAILURE, ...body };
        return json(response, 200, { failing: failures });
      }
      notFound(response, { code: 20404, message: "The requested resource was not found" });
    },
    { port: options.port, host: options.host },
  );

  return {
    ...server,
    accountSid,
    authToken,
    messages,
    requests: () => requestCount,
    fail(count, override = {}) {
      failures = count;
      failure = { ...DEFAULT_FAILURE, ...override };
    },
    waitFor(predicate = () => true, timeoutMs = 5_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error("Keine passende SMS bei der Attrappe angekommen.")),
          timeoutMs,
        );
        waiters.push({
          predicate,
          resolve: (sms) => {
            clearTimeout(timer);
            resolve(sms);
          },
        });
      });
    },
  };
}
