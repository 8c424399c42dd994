import { SmsUnavailableError, type SmsMessage, type SmsSender } from './sms-sender';

/** Where the outbox keeps a message (the sandbox module's store, given by the composition root). */
export type OutboxWriter = (message: SmsMessage) => Promise<void>;

/**
 * The local SMS provider (development, tests, demo): every message lands in the outbox, where a person
 * reads it at /sandbox/outbox and the browser tests read it as JSON. A provider never touches the
 * database itself (docs/architecture.md), so the writer is handed in.
 */
export function createOutboxSmsSender(write: OutboxWriter): SmsSender {
  return {
    name: 'outbox',
    send: async (message) => {
      try {
        await write(message);
      } catch (error) {
        throw new SmsUnavailableError(
          error instanceof Error ? error.message : 'outbox write failed',
        );
      }
    },
  };
}
