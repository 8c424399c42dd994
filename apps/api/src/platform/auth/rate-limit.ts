import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { DomainError } from '../domain-error';

const MINUTE_MS = 60_000;

/**
 * Per-IP rate limits for the routes that opt in (ADR 006). With REDIS_URL the counters are shared by all
 * replicas; without it each process counts alone. A Redis outage lets requests through (skipOnError):
 * the wrong-PIN lockout and the one-time-code limits live in PostgreSQL and still hold.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<void> {
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
    : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    nameSpace: 'konek-rate-limit:',
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new DomainError('common', 'TOO_MANY_REQUESTS', {
        retry_after_seconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
}

/** Route config: at most `max` requests per minute from one IP address. */
export function perIpPerMinute(max: number) {
  return { rateLimit: { max, timeWindow: MINUTE_MS } };
}
