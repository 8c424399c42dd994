import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { webConfigQuery } from '../../lib/web-config';
import { validateEmail, type EmailVerdict } from './api/validate-email';

export type EmailCheck = EmailVerdict | 'checking';

/**
 * product §5: after the email passes the contract's rules (on blur), the server's email validation is
 * asked once per address typed; Submit asks again only for an address not yet asked about. The verdict
 * is kept per address, so changing the address clears a refusal at once.
 */
export function useEmailCheck() {
  const queryClient = useQueryClient();
  const [checks, setChecks] = useState<Readonly<Record<string, EmailCheck>>>({});

  const check = useCallback(
    async (email: string): Promise<EmailVerdict> => {
      setChecks((current) => (current[email] ? current : { ...current, [email]: 'checking' }));
      const { ossSegment } = await queryClient.fetchQuery(webConfigQuery);
      const verdict = await queryClient.fetchQuery({
        queryKey: ['email-validation', ossSegment, email],
        queryFn: ({ signal }) => validateEmail(ossSegment, email, signal),
        staleTime: Infinity,
      });
      setChecks((current) => ({ ...current, [email]: verdict }));
      return verdict;
    },
    [queryClient],
  );

  const checkOf = useCallback((email: string): EmailCheck | undefined => checks[email], [checks]);
  return { check, checkOf };
}
