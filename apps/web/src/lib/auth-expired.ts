// product §4.1: an expired session sends the customer to /. The router's navigate is injected at start-up
import { PATHS } from '@konek/contract/routes';
// (so it is a client-side navigation, and tests can watch it); until then a full page load is used.
// Kept apart from the api client so the first screen does not load the client to wire this up.

export const AUTH_EXPIRED_MESSAGE = 'Auth expired';

let navigateTo: (path: string) => void = (path) => window.location.assign(path);

export function setAuthExpiredNavigation(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

export function navigateAfterAuthExpired(): void {
  navigateTo(PATHS.home);
}
