/** One text message to a mobile number (63 + 10 digits). */
export type SmsMessage = { msisdn: string; body: string };

/**
 * docs/architecture.md: SMS for one-time codes. The local sender keeps messages in an outbox (shown at
 * /sandbox/outbox); the real one hands them to an SMS gateway. Both fail the same way.
 */
export type SmsSender = {
  /** For the start-up log. */
  name: string;
  send: (message: SmsMessage) => Promise<void>;
};

/** Raised when the message could not be handed over; the caller answers 503 and the customer retries. */
export class SmsUnavailableError extends Error {
  constructor(reason: string) {
    super(`SMS could not be sent: ${reason}`);
    this.name = 'SmsUnavailableError';
  }
}
