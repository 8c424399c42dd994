import { describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_NAMES,
  isPrerenderShown,
  markFirstPaint,
  firstPaintOf,
  fillIntroSlots,
  introTextOf,
  type FirstPaintVisitor,
} from './first-paint';
import { COVERAGE_FRESH_MS, storedCoverage } from './lib/coverage';
import {
  BAGUIO_HOUSE,
  NO_COVERAGE,
  PLANNED,
  SERVICEABLE,
} from './features/serviceability/serviceability-fixtures-for-tests';
import { addressLines } from './lib/address-lines';
import type { TCheckedAddress, TCheckedOutcome } from './lib/journey-store';

/** A signed-out visitor of a page that carries its screen's intro (the sign-in page). */
const NEW_VISITOR: FirstPaintVisitor = {
  cookies: 'uuid=3f1c; _ga=GA1.1',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/156.0 Mobile',
  historyState: null,
  hasIntroCopy: true,
  introShowsStoredAddress: false,
  introText: null,
  introIsSignedIn: false,
};

const firstPaint = (visitor: Partial<FirstPaintVisitor>) =>
  firstPaintOf({ ...NEW_VISITOR, ...visitor }, FIRST_PAINT_NAMES);
const fits = (visitor: Partial<FirstPaintVisitor>) => firstPaint(visitor) === 'copy';

describe('the first paint (ADR 042)', () => {
  it("shows a screen's intro to every signed-out visitor of its page", () => {
    expect(fits({})).toBe(true);
    // A device id or a campaign in the address bar does not change the first render.
    expect(fits({ historyState: { usr: null, key: 'default', idx: 0 } })).toBe(true);
  });

  it('keeps it hidden wherever the first render would differ', () => {
    // A page without an intro: the shell.
    expect(fits({ hasIntroCopy: false })).toBe(false);
    // Signed in, the page says so instead; in the native app its own bar replaces the header.
    expect(fits({ cookies: 'uuid=3f1c; token=eyJ' })).toBe(false);
    expect(fits({ cookies: 'token=eyJ' })).toBe(false);
    expect(fits({ userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/156.0 Mobile isApp' })).toBe(
      false,
    );
    expect(fits({ historyState: { usr: { notice: 'exists' }, key: 'x1', idx: 1 } })).toBe(false);
  });

  it('reads a cookie by its whole name', () => {
    expect(fits({ cookies: 'mytoken=1; tokens=2' })).toBe(true);
  });

  it('marks <html> when the page names no intro, and the copy then counts as not shown', () => {
    document.body.innerHTML = '<div id="root"><div data-prerendered=""><h1>Copy</h1></div></div>';
    document.documentElement.removeAttribute('data-prerender');
    expect(isPrerenderShown(document)).toBe(true);
    markFirstPaint();
    expect(document.documentElement.getAttribute('data-prerender')).toBe('off');
    expect(isPrerenderShown(document)).toBe(false);
    document.documentElement.removeAttribute('data-prerender');
    document.body.innerHTML = '';
  });
});

describe('the intros that show what the visitor stored (ADR 058)', () => {
  // The kinds the server names on the plans page's and notify-me's first-paint script.
  const NOW = 1_780_000_000_000;
  const PREPAID = 'served-address';
  const NOTIFY_ME = 'unserved-address';
  const storageOf = (address: unknown, outcome: unknown): Pick<Storage, 'getItem'> => {
    const values: Record<string, string> = {
      'konek.address': JSON.stringify(address),
      'konek.serviceability': JSON.stringify(outcome),
    };
    return { getItem: (key) => values[key] ?? null };
  };
  const answered = (
    address: TCheckedAddress,
    result: TCheckedOutcome['result'],
    ageMs: number,
  ): TCheckedOutcome => ({ address, result, checkedAt: NOW - ageMs });
  const served = answered(BAGUIO_HOUSE, SERVICEABLE, 60_000);
  const notCovered = answered(BAGUIO_HOUSE, NO_COVERAGE, 60_000);

  it('gives the plans page the checked city when the stored answer says fibre reaches the address now', () => {
    expect(introTextOf(PREPAID, storageOf(BAGUIO_HOUSE, served), NOW)).toEqual({
      city: BAGUIO_HOUSE.area.city.address_name,
    });
    expect(introTextOf(NOTIFY_ME, storageOf(BAGUIO_HOUSE, served), NOW)).toBeNull();
  });

  it("gives notify-me the reason's words and the address's lines when the answer says it does not", () => {
    const lines = addressLines(BAGUIO_HOUSE);
    expect(introTextOf(NOTIFY_ME, storageOf(BAGUIO_HOUSE, notCovered), NOW)).toEqual({
      reason: NO_COVERAGE.unavailability_reason?.label,
      home: lines.home,
      area: lines.area,
    });
    expect(introTextOf(PREPAID, storageOf(BAGUIO_HOUSE, notCovered), NOW)).toBeNull();
    // Fibre expected by a date: the screen has a line the build's intro does not.
    const planned = answered(BAGUIO_HOUSE, PLANNED, 60_000);
    expect(introTextOf(NOTIFY_ME, storageOf(BAGUIO_HOUSE, planned), NOW)).toBeNull();
    // No reason given: the screen's own words, which the intro does not hold.
    const noReason = answered(BAGUIO_HOUSE, { ...NO_COVERAGE, unavailability_reason: null }, 1);
    expect(introTextOf(NOTIFY_ME, storageOf(BAGUIO_HOUSE, noReason), NOW)).toBeNull();
  });

  it.each([
    [
      'an answer as old as the app asks again',
      answered(BAGUIO_HOUSE, SERVICEABLE, COVERAGE_FRESH_MS),
    ],
    ['an answer this browser never saw', answered(BAGUIO_HOUSE, null, 0)],
    [
      'an answer for the address before its pin moved',
      answered(
        { ...BAGUIO_HOUSE, searchResult: { ...BAGUIO_HOUSE.searchResult, lat: 16.5 } },
        SERVICEABLE,
        60_000,
      ),
    ],
    ['no answer', null],
    ['an answer not in the expected shape', { ...served, checkedAt: '1' }],
    [
      'a reason not in the expected shape',
      { ...notCovered, result: { ...NO_COVERAGE, unavailability_reason: 'x' } },
    ],
  ])('gives neither page anything for %s, as the app claims nothing for it', (_name, outcome) => {
    for (const kind of [PREPAID, NOTIFY_ME] as const) {
      expect(introTextOf(kind, storageOf(BAGUIO_HOUSE, outcome), NOW)).toBeNull();
    }
  });

  it("agrees with the app's coverage rule on every answer above", () => {
    const journey = (serviceability: TCheckedOutcome) => ({
      checkedAddress: BAGUIO_HOUSE,
      serviceability,
    });
    expect(storedCoverage(journey(served), NOW).status).toBe('available');
    expect(storedCoverage(journey(notCovered), NOW).status).toBe('unavailable');
    expect(
      storedCoverage(journey(answered(BAGUIO_HOUSE, SERVICEABLE, COVERAGE_FRESH_MS)), NOW).status,
    ).toBe('checking');
  });

  it.each([
    ['no address', null],
    ['an address still being filled', { ...BAGUIO_HOUSE, searchResult: null }],
    ['an unknown property type', { ...BAGUIO_HOUSE, radioTypeValue: 'Castle' }],
    ['a city without its name', { ...BAGUIO_HOUSE, area: { ...BAGUIO_HOUSE.area, city: {} } }],
    ['a house without its number', { ...BAGUIO_HOUSE, house: { street: 'Session Road' } }],
  ])('gives nothing for %s', (_name, address) => {
    expect(introTextOf(PREPAID, storageOf(address, served), NOW)).toBeNull();
    expect(introTextOf(NOTIFY_ME, storageOf(address, notCovered), NOW)).toBeNull();
  });

  it('gives nothing when storage holds what JSON cannot read', () => {
    const storage = { getItem: (key: string) => (key === 'konek.address' ? '{"area":' : null) };
    expect(introTextOf(PREPAID, storage, NOW)).toBeNull();
  });

  it('shows such an intro only to a signed-out visitor it has words for', () => {
    const prepaid = {
      hasIntroCopy: true,
      introShowsStoredAddress: true,
    };
    const introText = { city: 'Baguio City' };
    expect(firstPaint({ ...prepaid, introText })).toBe('copy');
    expect(firstPaint({ ...prepaid, introText: null })).toBe('shell');
    expect(firstPaint({ ...prepaid, introText, cookies: 'token=eyJ' })).toBe('shell');
  });

  it('shows the schedule page’s intro (ADR 072) only to a signed-in customer whose address fibre reaches now', () => {
    const SCHEDULE = 'signed-in';
    expect(introTextOf(SCHEDULE, storageOf(BAGUIO_HOUSE, served), NOW)).toEqual({});
    expect(introTextOf(SCHEDULE, storageOf(BAGUIO_HOUSE, notCovered), NOW)).toBeNull();
    expect(
      introTextOf(
        SCHEDULE,
        storageOf(BAGUIO_HOUSE, answered(BAGUIO_HOUSE, SERVICEABLE, COVERAGE_FRESH_MS)),
        NOW,
      ),
    ).toBeNull();
    const schedule = {
      hasIntroCopy: true,
      introShowsStoredAddress: true,
      introIsSignedIn: true,
    };
    expect(firstPaint({ ...schedule, introText: {}, cookies: 'uuid=3f1c; token=eyJ' })).toBe(
      'copy',
    );
    // Signed out: the app sends them to sign in first; no answer that fibre reaches the address now:
    // the app checks it first; the native app's frame and router state: the app's render differs.
    expect(firstPaint({ ...schedule, introText: {} })).toBe('shell');
    expect(firstPaint({ ...schedule, introText: null, cookies: 'token=eyJ' })).toBe('shell');
    expect(
      firstPaint({
        ...schedule,
        introText: {},
        cookies: 'token=eyJ',
        userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/156.0 Mobile isApp',
      }),
    ).toBe('shell');
    expect(
      firstPaint({
        ...schedule,
        introText: {},
        cookies: 'token=eyJ',
        historyState: { usr: { notice: 'hold-expired' }, key: 'x1', idx: 1 },
      }),
    ).toBe('shell');
  });

  it('writes the words into the named elements as the parser adds them, as text', async () => {
    document.body.innerHTML = '';
    fillIntroSlots(document, { reason: 'No fibre <yet>', home: '12 Session Road', area: 'Baguio' });
    document.body.innerHTML =
      '<p><span data-intro-slot="reason"></span> Leave your details.</p><p><span data-intro-slot="home"></span></p>';
    await Promise.resolve();
    expect(document.body.textContent).toBe('No fibre <yet> Leave your details.12 Session Road');
    document.body.insertAdjacentHTML('beforeend', '<p><span data-intro-slot="area"></span></p>');
    await Promise.resolve();
    expect(document.body.textContent).toBe(
      'No fibre <yet> Leave your details.12 Session RoadBaguio',
    );
    expect(document.querySelectorAll('[data-intro-slot] *')).toHaveLength(0);
    document.body.innerHTML = '';
  });
});
