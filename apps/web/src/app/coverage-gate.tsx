import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { useCoverage, type FailedCheck } from '../lib/coverage';
import { ScreenLoading } from '../ui/screen-loading';
import { CHECK_FIRST_STATE } from './coverage-paths';
import { i18n } from '../i18n/i18n';

// ADR 030: the offers, the sign-up entry and the later steps open only for an address the server says
// fibre reaches, now. Without one the customer checks first; a deep link with one keeps working. The
// router wraps the screens of COVERAGE_PATHS in this gate.

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
