/** One way out for e-mail: SMTP in production, a recording stand-in in tests. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /**
   * Stable per outbox row, made into the Message-ID: the outbox delivers at least once, and a
   * receiving system can recognise a message that arrives twice.
   */
  messageKey?: string;
}

export interface MailTransport {
  /** Resolves when the server accepted the message; rejects with the server's reason. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}
