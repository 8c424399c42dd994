import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { useSession } from '../lib/session';
import { signInReturnState } from '../lib/sign-in-return';

// product §2.4, §2.5, §6: the details and schedule pages require a signed-in user. Without a session the
// customer signs in first and comes back here (lib/sign-in-return.ts).

/** The paths that need a signed-in customer, as written in ROUTES. */

export function SignInGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session) return children;
  return (
    <Navigate
      to={PATHS.signin}
      replace
      state={signInReturnState(`${location.pathname}${location.search}`)}
    />
  );
}
