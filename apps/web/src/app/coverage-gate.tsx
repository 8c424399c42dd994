import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { useCoverage, type FailedCheck } from '../lib/coverage';
import { ScreenLoading } from '../ui/screen-loading';
import { i18n } from '../i18n/i18n';

// ADR 030: the offers, the sign-up entry and the later steps open only for an address the server says
// fibre reaches, now. Without one the customer checks first; a deep link with one keeps working.

/** The paths that need a confirmed address, as written in ROUTES. */
export const COVERAGE_PATHS: ReadonlySet<string> = new Set([
  PATHS.prepaid,
  PATHS.specialOffer,
  PATHS.entermobile,
  PATHS.signup,
  PATHS.filloutdetail,
  PATHS.schedule,
  PATHS.pay,
]);

/** The router state that tells the home page why the customer was sent there. */
export const CHECK_FIRST_STATE = { notice: 'check-first' } as const;

const FAILURE_PATHS: Record<FailedCheck['kind'], string> = {
  timeout: PATHS.timeout,
  'server-error': PATHS.servererror,
  'location-error': PATHS.locationerror,
};

export function CoverageGate({ children }: { children: ReactNode }) {
  const coverage = useCoverage();
  switch (coverage.status) {
    case 'available':
      return children;
    case 'checking':
      return <ScreenLoading label={i18n._('Checking fibre availability at your address…')} />;
    case 'unavailable':
      return <Navigate to={PATHS.notifyme} replace />;
    case 'failed':
      return <Navigate to={FAILURE_PATHS[coverage.failure.kind]} replace />;
    case 'none':
      return <Navigate to={PATHS.home} replace state={CHECK_FIRST_STATE} />;
  }
}
