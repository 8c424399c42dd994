import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthCall } from '@konek/contract/health';
import { registerCall } from '../../platform/route';
import { ERRORS } from '@konek/contract/errors';
import { ok } from '../../platform/reply';
import type { Database } from '../../platform/db/database';

const MODULE = 'health';

/**
 * Liveness with a real database round trip: 200 when PostgreSQL answers, 503 when it does not — within
 * seconds when it stalls, as its query waits no longer than one for a connection (ADR 078) — and 200
 * again by itself once it answers.
 */
export const healthPlugin: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  registerCall(app, healthCall, { module: MODULE }, async ({ reply }) => {
    const isDatabaseUp = await database.isUp();
    const uptime = Math.round(process.uptime());
    if (isDatabaseUp) {
      return ok(MODULE, {
        status: 'ok' as const,
        database: 'up' as const,
        uptime_seconds: uptime,
      });
    }
    const definition = ERRORS.common.SERVICE_UNAVAILABLE;
    return reply.code(503).send({
      code: definition.code,
      module: MODULE,
      message: 'The database is not answering.',
      status: 'degraded' as const,
      database: 'down' as const,
      uptime_seconds: uptime,
    });
  });
};
