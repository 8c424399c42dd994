// ADR 042: some pages carry their screen's intro (heading and lead), drawn at build time
// (build-plugins/prerender-pages.ts) beside the shell, so it paints before any JavaScript has loaded; the
// app then renders the same screen in its place. A classic script in <head> (first-paint-script.ts), run
// before the page is drawn, keeps that intro hidden wherever the app's first render would differ from it
// — a session, the native app's frame, router state (a notice), or a stored answer that does not open the
// page with those words (ADR 058) — and those visitors see the shell until the app has rendered their page.
// (ADR 087: the home page's own copy is no longer drawn.)

import {
  INTRO_COPY_ATTRIBUTE,
  INTRO_SLOT_ATTRIBUTE,
  NATIVE_APP_MARKER,
  PROPERTY_TYPES,
  SERVED_ADDRESS_INTRO,
  SIGNED_IN_INTRO,
  UNSERVED_ADDRESS_INTRO,
  INTRO_SLOTS,
} from '@konek/contract/constants';
import { addressLines, type AddressForLines } from './lib/address-lines';
import { ADDRESS_STORAGE_KEY, SERVICEABILITY_STORAGE_KEY } from './lib/storage-keys';
import { storedClaim, type CoverageAddress, type StoredAnswer } from './lib/stored-coverage';

/** What the decision reads, so a test can give it any visitor. */
export type FirstPaintVisitor = {
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
   * ADR 058: that intro shows what the stored address and answer say (the plans page's city, notify-me's
   * reason and address), so it fits only a visitor whose stored answer opens the page with those words.
   */
  introShowsStoredAddress: boolean;
  /** What the stored address and answer give that intro now, or null (introTextOf). */
  introText: IntroText | null;
  /**
   * ADR 072: that intro is a signed-in customer's (the schedule page): it fits only a visitor with a
   * session, where every other copy fits only one without.
   */
  introIsSignedIn: boolean;
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
 * What the visitor's first paint shows: the page's build-time copy of its screen's intro, or the shell,
 * where the app's first render differs from the copy.
 */
export type FirstPaint = 'copy' | 'shell';

export function firstPaintOf(visitor: FirstPaintVisitor, names: FirstPaintNames): FirstPaint {
  const state = visitor.historyState;
  const hasRouterState =
    typeof state === 'object' && state !== null && 'usr' in state && state.usr != null;
  const hasSession = visitor.cookies
    .split(';')
    .some((cookie) => cookie.trim().startsWith(`${names.sessionCookie}=`));
  const hasIntro =
    visitor.hasIntroCopy && (!visitor.introShowsStoredAddress || visitor.introText !== null);
  const isNativeApp = visitor.userAgent.toLowerCase().includes(names.nativeAppMarker);
  if (visitor.introIsSignedIn) {
    return hasIntro && hasSession && !isNativeApp && !hasRouterState ? 'copy' : 'shell';
  }
  return hasIntro && !hasSession && !isNativeApp && !hasRouterState ? 'copy' : 'shell';
}

/**
 * Reads this page's visitor and marks <html> unless the copy fits them (the copy hidden, the shell drawn
 * instead).
 */
export function markFirstPaint(): void {
  let firstPaint: FirstPaint = 'shell';
  let introText: IntroText | null = null;
  try {
    const intro = document.currentScript?.getAttribute(INTRO_COPY_ATTRIBUTE) ?? null;
    const introShowsStoredAddress =
      intro === SERVED_ADDRESS_INTRO ||
      intro === UNSERVED_ADDRESS_INTRO ||
      intro === SIGNED_IN_INTRO;
    if (introShowsStoredAddress) introText = introTextOf(intro, window.localStorage, Date.now());
    firstPaint = firstPaintOf(
      {
        cookies: document.cookie,
        userAgent: navigator.userAgent,
        historyState: window.history.state,
        hasIntroCopy: intro !== null,
        introShowsStoredAddress,
        introText,
        introIsSignedIn: intro === SIGNED_IN_INTRO,
      },
      FIRST_PAINT_NAMES,
    );
  } catch {
    // Storage refused (private browsing settings): the app draws the page itself.
  }
  if (firstPaint === 'copy') {
    if (introText !== null) fillIntroSlots(document, introText);
    return;
  }
  document.documentElement.setAttribute(PRERENDER_OFF_ATTRIBUTE, 'off');
}

/** The build-time copy's top element (an intro; build-plugins/prerender-pages.ts marks it). */
export const PRERENDERED_SELECTOR = '[data-prerendered]';

/** Whether the build-time copy is on screen: there, and not hidden by the <head> script. */
export function isPrerenderShown(document: Document): boolean {
  return (
    document.querySelector(PRERENDERED_SELECTOR) !== null &&
    document.documentElement.getAttribute(PRERENDER_OFF_ATTRIBUTE) !== 'off'
  );
}

/** ADR 042: the shell's top element (the header and footer around a skeleton, build-plugins/prerender-pages.ts). */
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

const isString = (value: unknown): value is string => typeof value === 'string';

/** `{ address_name }` with a string name, or null when `nullable` and it is null; else undefined. */
function placeOf(value: unknown, nullable: boolean): { address_name: string } | null | undefined {
  if (value === null && nullable) return null;
  if (!isRecord(value) || !isString(value['address_name'])) return undefined;
  return { address_name: value['address_name'] };
}

/** A stored address as far as the coverage rule and the intros read it. */
export type StoredAddress = CoverageAddress & AddressForLines;

/**
 * ADR 058: a checked address (lib/journey-store.ts ZCheckedAddress) as far as the coverage rule and the
 * intros read it, when each part has the type the store's schema gives it; else null. Plain checks,
 * not the schema: zod is not in the page's head.
 */
export function storedAddressOf(value: unknown): StoredAddress | null {
  if (!isRecord(value) || !isRecord(value['area'])) return null;
  const { radioTypeValue, area, house, searchResult, condominium } = value;
  if (!isPropertyType(radioTypeValue) || !isRecord(house) || !isRecord(condominium)) return null;
  const [province, city, barangay] = [area['province'], area['city'], area['barangay']].map(
    (place) => placeOf(place, false),
  );
  const code = isRecord(area['barangay']) ? area['barangay']['address_code'] : undefined;
  if (!province || !city || !barangay || !isString(code) || !isString(area['zipCode'])) return null;
  if (!isRecord(searchResult)) return null;
  const { lat, lng } = searchResult;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  const { houseNo, street, village } = house;
  if (!isString(houseNo) || !isString(street) || !isString(village)) return null;
  const { unitNo, floor, buildingName } = condominium;
  const buildingStreet = condominium['street'];
  if (!isString(unitNo) || !isString(floor) || !isString(buildingName)) return null;
  if (!isString(buildingStreet)) return null;
  return {
    radioTypeValue,
    area: {
      province,
      city,
      barangay: { ...barangay, address_code: code },
      zipCode: area['zipCode'],
    },
    house: { houseNo, street, village },
    condominium: { unitNo, floor, buildingName, street: buildingStreet },
    searchResult: { lat, lng },
  };
}

/** The stored answer as far as the rule and notify-me's intro read it. */
type StoredAnswerWithReason = StoredAnswer & {
  reason: { code: string; label: string } | null;
  hasExpectedDate: boolean;
};

/** The answer's reason, null when it has none, undefined when it is not in the expected shape. */
function reasonOf(value: unknown): { code: string; label: string } | null | undefined {
  if (value === null) return null;
  if (!isRecord(value)) return undefined;
  const { code, label } = value;
  return isString(code) && isString(label) ? { code, label } : undefined;
}

function storedAnswerOf(value: unknown): StoredAnswerWithReason | null {
  if (!isRecord(value) || typeof value['checkedAt'] !== 'number') return null;
  const address = storedAddressOf(value['address']);
  if (address === null) return null;
  const { checkedAt, result } = value;
  if (result === null) return { address, result, checkedAt, reason: null, hasExpectedDate: false };
  if (!isRecord(result) || typeof result['serviceable'] !== 'boolean') return null;
  const reason = reasonOf(result['unavailability_reason']);
  if (reason === undefined) return null;
  return {
    address,
    result: { serviceable: result['serviceable'] },
    checkedAt,
    reason,
    hasExpectedDate: isRecord(result['alternate_proposal']),
  };
}

function readJson(storage: Pick<Storage, 'getItem'>, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** ADR 058: the words an intro's empty elements are given, by the element's name. */
export type IntroText = Partial<Record<(typeof INTRO_SLOTS)[number], string>>;

/**
 * ADR 058: what the visitor's stored address and answer give an intro of `kind` (the server names it on
 * the script), when the app would open that page with the same words now — by the rule the app's
 * coverage gate and screens go by (lib/stored-coverage.ts) — or null, and the page draws the shell:
 * - served (the plans page, the mobile-number page): the checked city, for an answer that fibre
 *   reaches the address;
 * - unserved (notify-me): the reason and the address's two lines, for an answer that it does not, with
 *   its reason's words and without a date fibre is expected (a line the build's intro does not have);
 * - signed in (the schedule page, ADR 072): no words, for an answer that fibre reaches the address (the
 *   session it also needs is firstPaintOf's to check).
 */
export function introTextOf(
  kind: typeof SERVED_ADDRESS_INTRO | typeof UNSERVED_ADDRESS_INTRO | typeof SIGNED_IN_INTRO,
  storage: Pick<Storage, 'getItem'>,
  now: number,
): IntroText | null {
  const address = storedAddressOf(readJson(storage, ADDRESS_STORAGE_KEY));
  const answer = storedAnswerOf(readJson(storage, SERVICEABILITY_STORAGE_KEY));
  if (address === null || answer === null) return null;
  const claim = storedClaim(address, answer, now);
  if (kind === SERVED_ADDRESS_INTRO && claim === 'available') {
    return { city: address.area.city?.address_name ?? '' };
  }
  if (kind === SIGNED_IN_INTRO && claim === 'available') return {};
  const isPlanned = answer.reason?.code === 'planned' && answer.hasExpectedDate;
  if (kind === UNSERVED_ADDRESS_INTRO && claim === 'unavailable' && answer.reason && !isPlanned) {
    const { home, area } = addressLines(address);
    return { reason: answer.reason.label, home, area };
  }
  return null;
}

/**
 * Writes each text into the intro's empty element of that name as the parser adds it (the script runs
 * in <head>, before the body exists); the observer's records arrive before the page is first drawn.
 */
export function fillIntroSlots(document: Document, text: IntroText): void {
  const fill = (): boolean => {
    const slots = document.querySelectorAll(`[${INTRO_SLOT_ATTRIBUTE}]`);
    for (const slot of slots) {
      const name = INTRO_SLOTS.find(
        (slotName) => slotName === slot.getAttribute(INTRO_SLOT_ATTRIBUTE),
      );
      slot.textContent = (name && text[name]) ?? '';
    }
    return slots.length >= Object.keys(text).length;
  };
  if (fill()) return;
  const observer = new MutationObserver(() => {
    if (fill()) observer.disconnect();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  // An intro with fewer slots (or none) than words: the whole page has been read by then.
  document.addEventListener('DOMContentLoaded', () => observer.disconnect(), { once: true });
}
