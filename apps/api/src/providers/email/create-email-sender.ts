import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../platform/config';
import { EmailUnavailableError, type EmailSender } from './email-sender';
import { createOutboxEmailSender, type EmailOutboxWriter } from './outbox-email-sender';
import { createSmtpEmailSender } from './smtp-email-sender';

/**
 * The email provider chosen by configuration (EMAIL_PROVIDER, ADR 093): the local outbox unless SMTP is
 * set. A failed send is logged here with its reason — never the recipient, the subject or the body — and
 * thrown on, for the caller to keep the message and try again.
 */
export function createEmailSender(
  config: AppConfig,
  writeOutbox: EmailOutboxWriter,
  log: FastifyBaseLogger,
): EmailSender {
  const { email } = config;
  const sender =
    email.provider === 'smtp'
      ? createSmtpEmailSender({ url: email.smtpUrl, from: email.from })
      : createOutboxEmailSender(writeOutbox, email.from);
  return {
    name: sender.name,
    send: async (message) => {
      try {
        await sender.send(message);
      } catch (error) {
        // The providers' errors carry reasons without personal data; anything else is not logged whole.
        log.error(
          error instanceof EmailUnavailableError
            ? { err: error, provider: sender.name }
            : { provider: sender.name, error: error instanceof Error ? error.name : typeof error },
          'email could not be sent',
        );
        throw error;
      }
    },
  };
}
