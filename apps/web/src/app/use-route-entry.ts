import { useLocation } from 'react-router';
import { findRoute, type RouteEntry } from '@konek/contract/routes';

/** The ROUTES entry of the current URL (decoding `terms%26conditions`), or undefined on the 404 page. */
export function useRouteEntry(): RouteEntry | undefined {
  const { pathname } = useLocation();
  return findRoute(pathname);
}
