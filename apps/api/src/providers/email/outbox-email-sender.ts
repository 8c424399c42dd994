import { EmailUnavailableError, type EmailMessage, type EmailSender } from './email-sender';

/** What the outbox keeps of one message: the message and the From it would carry. */
export type OutboxEmail = EmailMessage & { from: string };

/** Where the outbox keeps a message (the sandbox module's store, given by the composition root). */
export type EmailOutboxWriter = (message: OutboxEmail) => Promise<void>;

/** PostgreSQL's error code, when the failure has one: it names the problem without the row's values. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/**
 * The local email provider (development, tests, demo): every message lands in the outbox, where a person
 * reads it at /sandbox/outbox and the browser tests read it as JSON. A provider never touches the
 * database itself (docs/architecture.md), so the writer is handed in.
 */
export function createOutboxEmailSender(write: EmailOutboxWriter, from: string): EmailSender {
  return {
    name: 'outbox',
    send: async (message) => {
      try {
        await write({ ...message, from });
      } catch (error) {
        // A database error may quote the row it refused (the address, the text): only its code goes on.
        const code = codeOf(error);
        throw new EmailUnavailableError(`outbox write failed${code ? ` (${code})` : ''}`);
      }
    },
  };
}
