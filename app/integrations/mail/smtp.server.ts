import nodemailer from "nodemailer";
import type { MailTransport, OutgoingMail } from "./mail-transport";

/** Each wait is bounded: a send must end well within the outbox worker's lease on its rows. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP through nodemailer. `smtpUrl` is `smtp://[user:pass@]host:port` (STARTTLS when the server
 * offers it) or `smtps://…` (TLS from the start); `from` is the sender, e.g.
 * "Bäckerei <bestellung@example.com>".
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const mailer = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return {
    async send(mail: OutgoingMail): Promise<void> {
      await mailer.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.messageKey ? { messageId: `<${mail.messageKey}@${domain}>` } : {}),
      });
    },
    close: () => mailer.close(),
  };
}
