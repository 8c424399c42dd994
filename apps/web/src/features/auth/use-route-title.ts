import { useLocation } from 'react-router';
import { findRoute } from '@konek/contract/routes';

/** The current route's title (product §2.2 ROUTES): each account screen's h1, whichever set it serves. */
export function useRouteTitle(): string {
  return findRoute(useLocation().pathname)?.title ?? '';
}
