import type { AppConfig } from "#app/config/env.server";
import type { SmsProvider, SmsRuntime } from "./sms-provider";
import { twilioSmsProvider } from "./twilio.server";

/** The configured SMS provider, or null: then text messages wait in the outbox. */
export function smsProvider(
  config: Pick<AppConfig, "sms">,
  runtime: SmsRuntime = {},
): SmsProvider | null {
  return config.sms ? twilioSmsProvider(config.sms, runtime) : null;
}
