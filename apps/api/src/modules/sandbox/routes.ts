import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SANDBOX_OUTBOX_PATH, ZSandboxOutboxQuery } from '@konek/contract/sandbox-outbox';
import { DomainError } from '../../platform/domain-error';
import { ok } from '../../platform/reply';
import type { Db } from '../../platform/db/database';
import { localOnly } from '../../platform/local-only';
import { renderOutboxPage } from './outbox-page';
import { outboxEmails, outboxMessages } from './service';

const MODULE = 'sandbox';

/** JSON for callers that ask for it and not for HTML (tests, scripts); the page for browsers. */
function wantsJson(accept: string | undefined): boolean {
  const value = accept ?? '';
  return value.includes('application/json') && !value.includes('text/html');
}

/**
 * docs/architecture.md: the local SMS and email providers' outbox at /sandbox/outbox — registered only
 * while the sandbox is enabled, and answering only the machine itself (ADR 019, 093). One path answers as
 * a page or as JSON (ZSandboxOutboxResponse), so the reply schema is not declared here; it is kept out of
 * the OpenAPI document. Texts are shown for the one number named in `msisdn`, emails for the one address
 * named in `email`.
 */
export const sandboxPlugin: FastifyPluginAsyncZod<{ db: Db; allowRemote: boolean }> = async (
  app,
  { db, allowRemote },
) => {
  // Every route of this plugin, present or to come, answers only the machine itself (ADR 019).
  app.addHook('onRequest', localOnly(allowRemote));
  app.get(
    SANDBOX_OUTBOX_PATH,
    { schema: { hide: true, querystring: ZSandboxOutboxQuery } },
    async (request, reply) => {
      const { msisdn, email } = request.query;
      const isJson = wantsJson(request.headers.accept);
      reply.header('cache-control', 'no-store');
      // Without a number or an address there is nothing to show: never every number's codes nor every
      // address's links at once (ADR 019).
      if (msisdn === undefined && email === undefined && isJson) {
        throw new DomainError(
          'common',
          'VALIDATION_FAILED',
          {
            errors: [
              { field: 'msisdn', message: 'Required' },
              { field: 'email', message: 'Required' },
            ],
          },
          'msisdn: name the number whose messages to show (or email: the address)',
        );
      }
      const messages = msisdn === undefined ? undefined : await outboxMessages(db, msisdn);
      const emails = email === undefined ? undefined : await outboxEmails(db, email);
      if (isJson) return ok(MODULE, { messages: messages ?? [], emails: emails ?? [] });
      const page = renderOutboxPage({
        ...(msisdn !== undefined && messages ? { sms: { msisdn, messages } } : {}),
        ...(email !== undefined && emails ? { email: { address: email, emails } } : {}),
      });
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );
};
