// ADR 041: index.html carries the home page as a new visitor's first render shows it, drawn at build time
// (build-plugins/prerender-home.ts), so its heading paints before any JavaScript has loaded; the app then
// renders the same page in its place. A classic script in <head> (first-paint-script.ts), run before the
// page is drawn, keeps that copy hidden wherever the app's first render would differ from it: another
// path, anything the app has stored for this visitor (the address form, the steps passed, the sign-in
// flow), a session, the native app's frame, or router state (the "check your address first" notice).
// Those visitors see the page when the app has rendered it, as before.

import { NATIVE_APP_MARKER } from '@konek/contract/constants';

/** What the decision reads, so a test can give it any visitor. */
export type FirstPaintVisitor = {
  pathname: string;
  /** How many entries this origin has in localStorage and in sessionStorage. */
  storedEntries: number;
  /** document.cookie */
  cookies: string;
  userAgent: string;
  /** history.state: React Router keeps a navigation's state under `usr`. */
  historyState: unknown;
};

/** The session token's cookie (lib/cookies.ts COOKIE_NAMES.token): its presence means signed in. */
export const SESSION_COOKIE = 'token';

/** The attribute on <html> that hides the build-time copy; the shell's stylesheet (ui/base.css) reads it. */
export const PRERENDER_OFF_ATTRIBUTE = 'data-prerender';

/** The names the decision compares with. */
export type FirstPaintNames = { sessionCookie: string; nativeAppMarker: string };

export const FIRST_PAINT_NAMES: FirstPaintNames = {
  sessionCookie: SESSION_COOKIE,
  nativeAppMarker: NATIVE_APP_MARKER,
};

/** Whether the build-time copy of the home page is what this visitor's first render will show. */
export function showsPrerenderedHome(visitor: FirstPaintVisitor, names: FirstPaintNames): boolean {
  const state = visitor.historyState;
  const hasRouterState =
    typeof state === 'object' && state !== null && 'usr' in state && state.usr != null;
  const hasSession = visitor.cookies
    .split(';')
    .some((cookie) => cookie.trim().startsWith(`${names.sessionCookie}=`));
  return (
    visitor.pathname === '/' &&
    visitor.storedEntries === 0 &&
    !hasSession &&
    !visitor.userAgent.toLowerCase().includes(names.nativeAppMarker) &&
    !hasRouterState
  );
}

/** Reads this page's visitor and, unless the copy fits them, marks <html> so it stays hidden. */
export function markFirstPaint(): void {
  let fits = false;
  try {
    fits = showsPrerenderedHome(
      {
        pathname: window.location.pathname,
        storedEntries: window.localStorage.length + window.sessionStorage.length,
        cookies: document.cookie,
        userAgent: navigator.userAgent,
        historyState: window.history.state,
      },
      FIRST_PAINT_NAMES,
    );
  } catch {
    // Storage refused (private browsing settings): the app draws the page itself.
  }
  if (!fits) document.documentElement.setAttribute(PRERENDER_OFF_ATTRIBUTE, 'off');
}

/** The build-time copy's top element (build-plugins/prerender-home.ts marks it). */
export const PRERENDERED_SELECTOR = '[data-prerendered]';

/** Whether the build-time copy is on screen: there, and not hidden by the <head> script. */
export function isPrerenderShown(document: Document): boolean {
  return (
    document.querySelector(PRERENDERED_SELECTOR) !== null &&
    document.documentElement.getAttribute(PRERENDER_OFF_ATTRIBUTE) !== 'off'
  );
}

/** ADR 042: the shell's top element (the header and footer around a skeleton, build-plugins/prerender-home.ts). */
export const SHELL_SELECTOR = '[data-shell]';

/** Whether the shell is on screen: there, and the copy hidden (ui/base.css shows one of the two). */
export function isShellShown(document: Document): boolean {
  return (
    document.querySelector(SHELL_SELECTOR) !== null &&
    document.documentElement.getAttribute(PRERENDER_OFF_ATTRIBUTE) === 'off'
  );
}
