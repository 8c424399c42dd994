import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../platform/config';
import { createOutboxSmsSender, type OutboxWriter } from './outbox-sms-sender';
import { createSemaphoreSmsSender } from './semaphore-sms-sender';
import type { SmsSender } from './sms-sender';

/**
 * The SMS provider chosen by configuration (SMS_PROVIDER): the local outbox unless Semaphore is set.
 * A failed send is logged here with its reason (the customer only gets a 503 and tries again).
 */
export function createSmsSender(
  config: AppConfig,
  writeOutbox: OutboxWriter,
  log: FastifyBaseLogger,
): SmsSender {
  const sender =
    config.smsProvider === 'semaphore' && config.semaphoreApiKey
      ? createSemaphoreSmsSender({
          apiKey: config.semaphoreApiKey,
          senderName: config.semaphoreSenderName,
        })
      : createOutboxSmsSender(writeOutbox);
  return {
    name: sender.name,
    send: async (message) => {
      try {
        await sender.send(message);
      } catch (error) {
        log.error({ err: error, provider: sender.name }, 'SMS could not be sent');
        throw error;
      }
    },
  };
}
