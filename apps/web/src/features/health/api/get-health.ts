import { healthCall, ZHealthResponse } from '@konek/contract/health';
import { call } from '../../../lib/call';

export type HealthStatus = {
  isOperational: boolean;
  database: 'up' | 'down' | 'unknown';
  uptimeSeconds: number | null;
};

/** GET /api/health. An unreachable or unreadable service counts as down, database unknown. */
export async function fetchHealth(signal?: AbortSignal): Promise<HealthStatus> {
  const result = await call(healthCall, undefined, { signal });
  // A degraded service answers 503 with the same report (the call's 503 reply).
  const parsed = ZHealthResponse.safeParse(result.reply);
  if (!parsed.success) return { isOperational: false, database: 'unknown', uptimeSeconds: null };
  const { status, database, uptime_seconds: uptimeSeconds } = parsed.data;
  return { isOperational: status === 'ok' && database === 'up', database, uptimeSeconds };
}
