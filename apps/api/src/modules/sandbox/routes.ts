import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SANDBOX_OUTBOX_PATH, ZSandboxOutboxQuery } from '@konek/contract/sandbox-outbox';
import { DomainError } from '../../platform/domain-error';
import { ok } from '../../platform/reply';
import type { Db } from '../../platform/db/database';
import { localOnly } from '../../platform/local-only';
import { renderOutboxPage } from './outbox-page';
import { outboxMessages } from './service';

const MODULE = 'sandbox';

/** JSON for callers that ask for it and not for HTML (tests, scripts); the page for browsers. */
function wantsJson(accept: string | undefined): boolean {
  const value = accept ?? '';
  return value.includes('application/json') && !value.includes('text/html');
}

/**
 * docs/architecture.md: the local SMS provider's outbox at /sandbox/outbox — registered only while the sandbox
 * is enabled, and answering only the machine itself (ADR 019). One path answers as a page or as JSON
 * (ZSandboxOutboxResponse), so the reply schema is not declared here; it is kept out of the OpenAPI
 * document. Messages are shown for the one number named in `msisdn`.
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
      const { msisdn } = request.query;
      const isJson = wantsJson(request.headers.accept);
      reply.header('cache-control', 'no-store');
      // Without a number there is nothing to show: never every number's codes at once (ADR 019).
      if (msisdn === undefined) {
        if (isJson) {
          throw new DomainError(
            'common',
            'VALIDATION_FAILED',
            { errors: [{ field: 'msisdn', message: 'Required' }] },
            'msisdn: name the number whose messages to show',
          );
        }
        return reply.type('text/html; charset=utf-8').send(renderOutboxPage(undefined));
      }
      const messages = await outboxMessages(db, msisdn);
      if (isJson) return ok(MODULE, { messages });
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage({ msisdn, messages }));
    },
  );
};
