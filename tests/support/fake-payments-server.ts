// The fake Stripe, the fake PayPal, the SMTP sink and the fake Twilio (SMS) as one process beside
// the end-to-end server:
//
//   node --import tsx tests/support/fake-payments-server.ts
//
// Ports come from FAKE_STRIPE_PORT, FAKE_PAYPAL_PORT, FAKE_SMTP_PORT, FAKE_MAILBOX_PORT and
// FAKE_SMS_PORT (each default 0: any free port). It prints the app's environment as KEY=value lines (and writes them
// to FAKE_PAYMENTS_ENV_FILE when set), then "Attrappen bereit." once everything listens.
// The end-to-end tests drive the fakes over HTTP:
//   Stripe: GET/POST {STRIPE_API_BASE}/_fake/sessions[/{id}[/pay|expire|refund|webhook|fail-refunds]]
//   PayPal: GET/POST {PAYPAL_API_BASE}/_fake/orders[/{id}[/approve|capture|refund|decline|webhook|fail-refunds]]
//   (webhook: JSON body { "url": "<the app's webhook URL>", "type": "<event type>" };
//   fail-refunds: { "count": n } fails the next n refunds, Stripe's of that session only)
// With FAKE_WEBHOOK_ORIGIN (the app's origin) both send their refund webhook to the app.
//   Mail:   GET {FAKE_MAILBOX_URL}/mails → the messages the sink accepted, oldest first.
//   SMS:    GET {FAKE_SMS_URL}/messages → the SMS the fake Twilio accepted, oldest first;
//           POST {FAKE_SMS_URL}/_fake/fail with { "count": n } fails the next n sends.
import { writeFileSync } from "node:fs";
import { json, listen } from "./fake-http";
import { startFakePayPal } from "./fake-paypal";
import { startFakeSms } from "./fake-sms";
import { startFakeStripe } from "./fake-stripe";
import { startSmtpSink } from "./smtp-sink";

const port = (name: string) => Number(process.env[name] ?? 0);

const webhookOrigin = process.env.FAKE_WEBHOOK_ORIGIN;
const stripe = await startFakeStripe({
  port: port("FAKE_STRIPE_PORT"),
  webhookUrl: webhookOrigin && `${webhookOrigin}/api/payments/stripe/webhook`,
});
const paypal = await startFakePayPal({
  port: port("FAKE_PAYPAL_PORT"),
  webhookUrl: webhookOrigin && `${webhookOrigin}/api/payments/paypal/webhook`,
});
const sink = await startSmtpSink({ port: port("FAKE_SMTP_PORT") });
const sms = await startFakeSms({ port: port("FAKE_SMS_PORT") });
const mailbox = await listen(
  async (request, response) => {
    if (request.method === "GET" && request.url === "/mails") {
      return json(
        response,
        200,
        sink.messages.map(({ to, from, subject, text, html }) => ({
          to,
          from,
          subject,
          text,
          html,
        })),
      );
    }
    json(response, 404, {});
  },
  { port: port("FAKE_MAILBOX_PORT") },
);

const environment = {
  STRIPE_API_BASE: stripe.url,
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  PAYPAL_API_BASE: paypal.url,
  PAYPAL_CLIENT_ID: paypal.clientId,
  PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  PAYPAL_WEBHOOK_ID: paypal.webhookId,
  SMTP_URL: sink.url,
  FAKE_MAILBOX_URL: mailbox.url,
  TWILIO_API_BASE: sms.url,
  TWILIO_ACCOUNT_SID: sms.accountSid,
  TWILIO_AUTH_TOKEN: sms.authToken,
  TWILIO_FROM: "Sonnenkorn",
  FAKE_SMS_URL: sms.url,
};
const lines = Object.entries(environment).map(([key, value]) => `${key}=${value}`);
if (process.env.FAKE_PAYMENTS_ENV_FILE) {
  writeFileSync(process.env.FAKE_PAYMENTS_ENV_FILE, `${lines.join("\n")}\n`);
}
console.log(lines.join("\n"));
console.log("Attrappen bereit.");

async function stop(): Promise<void> {
  await Promise.all([stripe.close(), paypal.close(), sink.close(), mailbox.close(), sms.close()]);
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
