import {
  DEFAULT_SMS_TIMEOUT_MS,
  SmsProviderError,
  type OutgoingSms,
  type SmsProvider,
  type SmsRuntime,
} from "./sms-provider";

/**
 * Twilio's Programmable Messaging REST API, without the SDK (decision 014):
 * `POST {apiBase}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `Body` and
 * `From` (or `MessagingServiceSid`), HTTP Basic auth with the Account SID and the Auth Token.
 * Twilio answers 201 with the message resource (`sid` "SM…"), or an error body
 * `{ code, message, more_info, status }`.
 */

export interface TwilioSettings {
  /** https://api.twilio.com, or the local fake. */
  apiBase: string;
  /** `AC…`. */
  accountSid: string;
  authToken: string;
  /** A number in E.164, an alphanumeric sender ID, or a Messaging Service SID (`MG…`). */
  from: string;
}

const MESSAGING_SERVICE = /^MG[0-9a-fA-F]{32}$/;

export function twilioMessagesPath(accountSid: string): string {
  return `/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
}

export function twilioSmsProvider(settings: TwilioSettings, runtime: SmsRuntime = {}): SmsProvider {
  const url = `${settings.apiBase.replace(/\/+$/, "")}${twilioMessagesPath(settings.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  const fetcher = runtime.fetch ?? fetch;

  return {
    async send(sms: OutgoingSms): Promise<{ id: string }> {
      const form = new URLSearchParams({ To: sms.to, Body: sms.text });
      if (MESSAGING_SERVICE.test(settings.from)) form.set("MessagingServiceSid", settings.from);
      else form.set("From", settings.from);
      let response: Response;
      try {
        response = await fetcher(url, {
          method: "POST",
          headers: {
            Authorization: authorization,
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "application/json",
          },
          body: form.toString(),
          signal: AbortSignal.timeout(runtime.timeoutMs ?? DEFAULT_SMS_TIMEOUT_MS),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new SmsProviderError(`twilio: nicht erreichbar (${reason})`);
      }
      const raw = await response.text();
      let body: Record<string, unknown> = {};
      try {
        const parsed: unknown = raw ? JSON.parse(raw) : {};
        if (typeof parsed === "object" && parsed !== null) body = parsed as Record<string, unknown>;
      } catch {
        // An HTML error page from a proxy: the status says enough.
      }
      if (!response.ok) {
        const code = body.code === undefined || body.code === null ? undefined : String(body.code);
        const message = typeof body.message === "string" ? body.message : undefined;
        throw new SmsProviderError(
          `twilio: HTTP ${response.status}${code ? ` ${code}` : ""}${message ? `: ${message}` : ""}`,
          response.status,
          code,
        );
      }
      if (typeof body.sid !== "string" || body.sid === "") {
        throw new SmsProviderError("twilio: Antwort ohne sid", response.status);
      }
      return { id: body.sid };
    },
  };
}
