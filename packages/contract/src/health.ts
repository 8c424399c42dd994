import * as z from 'zod';
import { envelopeWith } from './envelope';

export const HEALTH_PATH = '/api/health';

export const ZHealthResponse = envelopeWith({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptime_seconds: z.number(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
