import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { webConfigQuery, type WebConfig } from '../../lib/web-config';

/**
 * The server's identifiers (application_id, operator_name, the {oss} segment), read once per visit and
 * awaited at submit: a form never waits on them to render, and never sends without them.
 */
export function useWebSettings(): () => Promise<WebConfig> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.ensureQueryData(webConfigQuery), [queryClient]);
}
