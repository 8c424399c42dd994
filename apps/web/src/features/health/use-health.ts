import { useQuery } from '@tanstack/react-query';
import { withMinimumDelay } from '../../lib/min-delay';
import { fetchHealth } from './api/get-health';

export type { HealthStatus } from './api/get-health';

export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => withMinimumDelay(fetchHealth(signal)),
  });
}
