import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

export const HEALTH_PATH = '/api/health';

export const ZHealthResponse = envelopeWith({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptime_seconds: z.number(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

/** The call's one description (ADR 024). */
export const healthCall = defineCall({
  method: 'GET',
  path: HEALTH_PATH,
  auth: 'none',
  target: null,
  request: null,
  reply: ZHealthResponse,
  errorReplies: { 503: ZHealthResponse },
  errors: ['common.SERVICE_UNAVAILABLE'],
});
