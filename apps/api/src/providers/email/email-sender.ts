/**
 * One email to one address. `text` is always sent; `html` is an optional alternative. `headers` are
 * extra headers by name, e.g. `List-Unsubscribe` for a message a household may stop.
 */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

/**
 * ADR 093: email, as SMS (docs/architecture.md). The local sender keeps messages in an outbox (shown at
 * /sandbox/outbox); the real one hands them to an SMTP server. Both fail the same way.
 */
export type EmailSender = {
  /** For the start-up log. */
  name: string;
  send: (message: EmailMessage) => Promise<void>;
};

/**
 * Raised when the message could not be handed over; the caller keeps it to try again. The reason names
 * what failed (a refused connection, a timeout, the server's reply code), never the recipient or the body.
 */
export class EmailUnavailableError extends Error {
  /**
   * True when the server refused this message for good (a 5xx reply: an unknown mailbox, a refused
   * sender); false when the same message may go through later (no connection, a timeout, a 4xx reply).
   */
  readonly permanent: boolean;

  constructor(reason: string, permanent = false) {
    super(`Email could not be sent: ${reason}`);
    this.name = 'EmailUnavailableError';
    this.permanent = permanent;
  }
}
