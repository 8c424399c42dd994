import { useQuery } from '@tanstack/react-query';
import { HEALTH_PATH, ZHealthResponse } from '@konek/contract/health';
import { apiGet } from '../../lib/api-client';
import { withMinimumDelay } from '../../lib/min-delay';

export type HealthStatus = {
  isOperational: boolean;
  database: 'up' | 'down' | 'unknown';
  uptimeSeconds: number | null;
};

/** GET /api/health. An unreachable or unreadable service counts as down, database unknown. */
export async function fetchHealth(signal?: AbortSignal): Promise<HealthStatus> {
  const reply = await apiGet(HEALTH_PATH, { signal });
  const parsed = ZHealthResponse.safeParse(reply);
  if (!parsed.success) return { isOperational: false, database: 'unknown', uptimeSeconds: null };
  const { status, database, uptime_seconds: uptimeSeconds } = parsed.data;
  return { isOperational: status === 'ok' && database === 'up', database, uptimeSeconds };
}

export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => withMinimumDelay(fetchHealth(signal)),
  });
}
