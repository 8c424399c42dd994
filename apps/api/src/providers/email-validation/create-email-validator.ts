import type { FastifyBaseLogger } from 'fastify';
import { createLocalEmailValidator } from './local-email-validator';
import { createZeroBounceEmailValidator } from './zerobounce-email-validator';
import type { EmailValidator } from './email-validator';

export type EmailValidationSettings =
  | { provider: 'local' }
  | { provider: 'zerobounce'; apiKey: string; baseUrl: string | undefined; timeoutMs: number };

/**
 * The validator chosen by configuration (EMAIL_VALIDATION): the local rules unless ZeroBounce is set.
 * A failure is logged here with its reason and the provider, never the address (ADR 021).
 */
export function createEmailValidator(
  settings: EmailValidationSettings,
  log: Pick<FastifyBaseLogger, 'warn'>,
): EmailValidator {
  const validator =
    settings.provider === 'zerobounce'
      ? createZeroBounceEmailValidator({
          apiKey: settings.apiKey,
          baseUrl: settings.baseUrl,
          timeoutMs: settings.timeoutMs,
        })
      : createLocalEmailValidator();
  return {
    name: validator.name,
    validate: async (email, ipAddress) => {
      try {
        return await validator.validate(email, ipAddress);
      } catch (error) {
        log.warn({ err: error, provider: validator.name }, 'email validation unavailable');
        throw error;
      }
    },
  };
}
