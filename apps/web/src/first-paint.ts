// ADR 041: index.html carries the home page as a new visitor's first render shows it, drawn at build time
// (build-plugins/prerender-home.ts), so its heading paints before any JavaScript has loaded; the app then
// renders the same page in its place. A classic script in <head> (first-paint-script.ts), run before the
// page is drawn, keeps that copy hidden wherever the app's first render would differ from it: another
// path, a session, the native app's frame, or router state (the "check your address first" notice);
// those visitors see the shell until the app has rendered their page (ADR 042). For a visitor who has
// stored something (the address being filled), only the copy's form is hidden: the rest of the home
// page is the same for them, and the app fills the form in when it takes over.

import {
  INTRO_CITY_ATTRIBUTE,
  INTRO_COPY_ATTRIBUTE,
  NATIVE_APP_MARKER,
  PROPERTY_TYPES,
  SERVED_ADDRESS_INTRO,
} from '@konek/contract/constants';
import { ADDRESS_STORAGE_KEY, SERVICEABILITY_STORAGE_KEY } from './lib/storage-keys';
import { storedClaim, type CoverageAddress, type StoredAnswer } from './lib/stored-coverage';

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
  /**
   * ADR 058: that intro names the checked address's city (the plans page), so it fits only a visitor
   * for whom the app's coverage gate opens the page: see servedCityOf.
   */
  introNamesCity: boolean;
  /** The city of the address the stored answer says fibre reaches now, or null (servedCityOf). */
  servedCity: string | null;
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
 * What the visitor's first paint shows: the page's build-time copy (the home page, or a screen's intro);
 * the home page's copy with its form hidden, for a visitor the app will show what they stored in it
 * (everything else on the page is the same for them); or the shell, where the app's first render
 * differs from the copy.
 */
export type FirstPaint = 'copy' | 'copy-without-form' | 'shell';

export function firstPaintOf(visitor: FirstPaintVisitor, names: FirstPaintNames): FirstPaint {
  const state = visitor.historyState;
  const hasRouterState =
    typeof state === 'object' && state !== null && 'usr' in state && state.usr != null;
  const hasSession = visitor.cookies
    .split(';')
    .some((cookie) => cookie.trim().startsWith(`${names.sessionCookie}=`));
  const hasIntro = visitor.hasIntroCopy && (!visitor.introNamesCity || visitor.servedCity !== null);
  const hasCopy = visitor.pathname === '/' || hasIntro;
  if (
    !hasCopy ||
    hasSession ||
    visitor.userAgent.toLowerCase().includes(names.nativeAppMarker) ||
    hasRouterState
  ) {
    return 'shell';
  }
  // The home page's form shows what was stored (the address being filled); an intro has no form.
  return visitor.pathname === '/' && visitor.storedEntries > 0 ? 'copy-without-form' : 'copy';
}

/** The value of PRERENDER_OFF_ATTRIBUTE that hides the copy's form (ui/base.css). */
export const PRERENDER_WITHOUT_FORM = 'without-form';

/**
 * Reads this page's visitor and marks <html> unless the copy fits them as it is: its form hidden, or
 * the whole copy hidden (the shell drawn instead).
 */
export function markFirstPaint(): void {
  let firstPaint: FirstPaint = 'shell';
  let servedCity: string | null = null;
  try {
    const intro = document.currentScript?.getAttribute(INTRO_COPY_ATTRIBUTE) ?? null;
    const introNamesCity = intro === SERVED_ADDRESS_INTRO;
    servedCity = introNamesCity ? servedCityOf(window.localStorage, Date.now()) : null;
    firstPaint = firstPaintOf(
      {
        pathname: window.location.pathname,
        storedEntries: window.localStorage.length + window.sessionStorage.length,
        cookies: document.cookie,
        userAgent: navigator.userAgent,
        historyState: window.history.state,
        hasIntroCopy: intro !== null,
        introNamesCity,
        servedCity,
      },
      FIRST_PAINT_NAMES,
    );
  } catch {
    // Storage refused (private browsing settings): the app draws the page itself.
  }
  if (firstPaint === 'copy') {
    if (servedCity !== null) fillIntroCity(document, servedCity);
    return;
  }
  if (firstPaint === 'copy-without-form') {
    document.documentElement.setAttribute(PRERENDER_OFF_ATTRIBUTE, PRERENDER_WITHOUT_FORM);
    return;
  }
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isPropertyType = (value: unknown): value is CoverageAddress['radioTypeValue'] =>
  PROPERTY_TYPES.some((type) => type === value);

/**
 * ADR 058: the parts of a stored address that the coverage rule and the plans page's intro read, when
 * each has the type the journey store's schema gives it (lib/journey-store.ts ZCheckedAddress); else
 * null. Plain checks, not the schema: zod is not in the page's head.
 */
export function coverageAddressOf(value: unknown): (CoverageAddress & { city: string }) | null {
  if (!isRecord(value) || !isRecord(value['area'])) return null;
  const { radioTypeValue, area, searchResult, condominium } = value;
  const { barangay, city } = area;
  if (!isPropertyType(radioTypeValue) || !isRecord(barangay) || !isRecord(city)) return null;
  if (typeof barangay['address_code'] !== 'string' || typeof city['address_name'] !== 'string')
    return null;
  if (!isRecord(searchResult) || !isRecord(condominium)) return null;
  const { lat, lng } = searchResult;
  const { buildingName, floor } = condominium;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (typeof buildingName !== 'string' || typeof floor !== 'string') return null;
  return {
    radioTypeValue,
    area: { barangay: { address_code: barangay['address_code'] } },
    searchResult: { lat, lng },
    condominium: { buildingName, floor },
    city: city['address_name'],
  };
}

function storedAnswerOf(value: unknown): StoredAnswer | null {
  if (!isRecord(value) || typeof value['checkedAt'] !== 'number') return null;
  const address = coverageAddressOf(value['address']);
  const { result } = value;
  if (address === null) return null;
  if (result === null) return { address, result: null, checkedAt: value['checkedAt'] };
  if (!isRecord(result) || typeof result['serviceable'] !== 'boolean') return null;
  return { address, result: { serviceable: result['serviceable'] }, checkedAt: value['checkedAt'] };
}

function readJson(storage: Pick<Storage, 'getItem'>, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * ADR 058: the city of the visitor's checked address when their stored answer says fibre reaches that
 * address now — the rule the app's coverage gate opens the plans page by (lib/stored-coverage.ts) — or
 * null, and the page draws the shell instead of a claim.
 */
export function servedCityOf(storage: Pick<Storage, 'getItem'>, now: number): string | null {
  const address = coverageAddressOf(readJson(storage, ADDRESS_STORAGE_KEY));
  const answer = storedAnswerOf(readJson(storage, SERVICEABILITY_STORAGE_KEY));
  if (address === null || storedClaim(address, answer, now) !== 'available') return null;
  return address.city;
}

/**
 * Writes `city` into the intro's empty city element as the parser adds it (the script runs in <head>,
 * before the body exists); the observer's records arrive before the page is first drawn.
 */
export function fillIntroCity(document: Document, city: string): void {
  const selector = `[${INTRO_CITY_ATTRIBUTE}]`;
  const fill = (): boolean => {
    const slot = document.querySelector(selector);
    if (slot === null) return false;
    slot.textContent = city;
    return true;
  };
  if (fill()) return;
  const observer = new MutationObserver(() => {
    if (fill()) observer.disconnect();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
}
