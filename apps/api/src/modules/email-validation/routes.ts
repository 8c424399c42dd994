import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailValidationCall } from '@konek/contract/email-validation';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import { validateEmail, type EmailLookups } from './service';

const MODULE = 'email';

export type EmailValidationPluginOptions = {
  lookups: EmailLookups;
  auth: Auth;
  ossSegment: string;
  perIpPerMinute: number;
};

/** product §7.2 /api/v3/{oss}/email_validation (ADR 032). */
export const emailValidationPlugin: FastifyPluginAsyncZod<EmailValidationPluginOptions> = async (
  app,
  options,
) => {
  registerCall(
    app,
    emailValidationCall,
    {
      module: MODULE,
      auth: options.auth,
      ossSegment: options.ossSegment,
      perIpPerMinute: options.perIpPerMinute,
    },
    async ({ body, principal, request }) =>
      ok(MODULE, {
        result: await validateEmail(
          options.lookups,
          { userId: principal.userId, clientAddress: request.ip },
          body.email,
        ),
      }),
  );
};
