// ADR 041: index.html carries the home page as a new visitor's first render shows it, drawn at build time
// (build-plugins/prerender-home.ts), so its heading paints before any JavaScript has loaded; the app then
// renders the same page in its place. A classic script in <head> (first-paint-script.ts), run before the
// page is drawn, keeps that copy hidden wherever the app's first render would differ from it: another
// path, anything the app has stored for this visitor (the address form, the steps passed, the sign-in
// flow), a session, the native app's frame, or router state (the "check your address first" notice).
// Those visitors see the page when the app has rendered it, as before.

import { INTRO_COPY_ATTRIBUTE, NATIVE_APP_MARKER } from '@konek/contract/constants';

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
  /**
   * ADR 042: the page carries the build's copy of its screen's intro (the sign-in and track-my-order
   * pages), the same for every signed-out visitor whatever they stored.
   */
  hasIntroCopy: boolean;
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

/**
 * Whether the page's build-time copy (the home page, or a screen's intro) is what this visitor's first
 * render will show.
 */
export function showsPrerenderedCopy(visitor: FirstPaintVisitor, names: FirstPaintNames): boolean {
  const state = visitor.historyState;
  const hasRouterState =
    typeof state === 'object' && state !== null && 'usr' in state && state.usr != null;
  const hasSession = visitor.cookies
    .split(';')
    .some((cookie) => cookie.trim().startsWith(`${names.sessionCookie}=`));
  // The home page's form and steps show what was stored; an intro does not depend on it.
  const isHomeCopy = visitor.pathname === '/' && visitor.storedEntries === 0;
  return (
    (isHomeCopy || visitor.hasIntroCopy) &&
    !hasSession &&
    !visitor.userAgent.toLowerCase().includes(names.nativeAppMarker) &&
    !hasRouterState
  );
}

/** Reads this page's visitor and, unless the copy fits them, marks <html> so it stays hidden. */
export function markFirstPaint(): void {
  let fits = false;
  try {
    fits = showsPrerenderedCopy(
      {
        pathname: window.location.pathname,
        storedEntries: window.localStorage.length + window.sessionStorage.length,
        cookies: document.cookie,
        userAgent: navigator.userAgent,
        historyState: window.history.state,
        hasIntroCopy: document.currentScript?.hasAttribute(INTRO_COPY_ATTRIBUTE) ?? false,
      },
      FIRST_PAINT_NAMES,
    );
  } catch {
    // Storage refused (private browsing settings): the app draws the page itself.
  }
  if (fits) return;
  document.documentElement.setAttribute(PRERENDER_OFF_ATTRIBUTE, 'off');
  preloadScreen(document.currentScript);
}

/**
 * ADR 042: the attribute on this script's tag in which the server names the home screen's files. A visitor
 * the copy does not fit waits for the app's own render of the home page, so its files are asked for now
 * (at low priority, like the app's scripts) instead of once the entry has run; a new visitor, who sees
 * the copy, does not load them before the first paint.
 */
export const SCREEN_PRELOADS_ATTRIBUTE = 'data-screen-preloads';

/** Adds a modulepreload for each file named on the script's tag (built files under /assets/ only). */
export function preloadScreen(script: Element | null): void {
  const files = script?.getAttribute(SCREEN_PRELOADS_ATTRIBUTE)?.split(' ') ?? [];
  for (const file of files) {
    if (!/^assets\/[\w.-]+\.js$/.test(file)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = `/${file}`;
    link.crossOrigin = '';
    link.setAttribute('fetchpriority', 'low');
    document.head.append(link);
  }
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
