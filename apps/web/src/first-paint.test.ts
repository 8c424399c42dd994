import { describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_NAMES,
  isPrerenderShown,
  markFirstPaint,
  preloadScreen,
  SCREEN_PRELOADS_ATTRIBUTE,
  firstPaintOf,
  fillIntroCity,
  servedCityOf,
  type FirstPaintVisitor,
} from './first-paint';
import { COVERAGE_FRESH_MS, storedCoverage } from './lib/coverage';
import {
  BAGUIO_HOUSE,
  NO_COVERAGE,
  SERVICEABLE,
} from './features/serviceability/serviceability-fixtures-for-tests';
import type { TCheckedAddress, TCheckedOutcome } from './lib/journey-store';

const NEW_VISITOR: FirstPaintVisitor = {
  pathname: '/',
  storedEntries: 0,
  cookies: 'uuid=3f1c; _ga=GA1.1',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/156.0 Mobile',
  historyState: null,
  hasIntroCopy: false,
  introNamesCity: false,
  servedCity: null,
};

const firstPaint = (visitor: Partial<FirstPaintVisitor>) =>
  firstPaintOf({ ...NEW_VISITOR, ...visitor }, FIRST_PAINT_NAMES);
const fits = (visitor: Partial<FirstPaintVisitor>) => firstPaint(visitor) === 'copy';

describe('the first paint (ADR 041)', () => {
  it("shows the home page's copy to a new visitor at /", () => {
    expect(fits({})).toBe(true);
    // A device id or a campaign in the address bar does not change the first render.
    expect(fits({ historyState: { usr: null, key: 'default', idx: 0 } })).toBe(true);
  });

  it('keeps it hidden wherever the first render would differ', () => {
    expect(fits({ pathname: '/serviceability' })).toBe(false);
    expect(fits({ pathname: '/trackmyorder' })).toBe(false);
    expect(fits({ cookies: 'uuid=3f1c; token=eyJ' })).toBe(false);
    expect(fits({ cookies: 'token=eyJ' })).toBe(false);
    expect(fits({ userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/156.0 Mobile isApp' })).toBe(
      false,
    );
    expect(fits({ historyState: { usr: { notice: 'check-first' }, key: 'x1', idx: 1 } })).toBe(
      false,
    );
  });

  it('hides only the form of the copy for a visitor who has stored something (the address being filled)', () => {
    expect(firstPaint({ storedEntries: 1 })).toBe('copy-without-form');
    expect(firstPaint({ storedEntries: 1, cookies: 'token=eyJ' })).toBe('shell');
    expect(firstPaint({ storedEntries: 1, pathname: '/serviceability/prepaid' })).toBe('shell');
  });

  it("shows a screen's intro (ADR 042) to every signed-out visitor of its page, whatever they stored", () => {
    const signIn = { pathname: '/serviceability/signin', hasIntroCopy: true };
    expect(fits(signIn)).toBe(true);
    expect(fits({ ...signIn, storedEntries: 3 })).toBe(true);
    // Signed in, the page says so instead; in the native app its own bar replaces the header.
    expect(fits({ ...signIn, cookies: 'token=eyJ' })).toBe(false);
    expect(fits({ ...signIn, userAgent: 'Mozilla/5.0 Chrome/156.0 Mobile isapp' })).toBe(false);
    expect(fits({ ...signIn, historyState: { usr: { notice: 'exists' }, key: 'x', idx: 1 } })).toBe(
      false,
    );
  });

  it('reads a cookie by its whole name', () => {
    expect(fits({ cookies: 'mytoken=1; tokens=2' })).toBe(true);
  });

  it('marks <html> when the copy does not fit, and the copy then counts as not shown', () => {
    document.body.innerHTML = '<div id="root"><div data-prerendered=""><h1>Copy</h1></div></div>';
    document.documentElement.removeAttribute('data-prerender');
    window.history.replaceState(null, '', '/');
    markFirstPaint();
    expect(document.documentElement.getAttribute('data-prerender')).toBeNull();
    expect(isPrerenderShown(document)).toBe(true);

    window.localStorage.setItem('konek.address', '{}');
    markFirstPaint();
    expect(document.documentElement.getAttribute('data-prerender')).toBe('without-form');
    expect(isPrerenderShown(document)).toBe(true);

    document.cookie = 'token=eyJ; path=/';
    markFirstPaint();
    expect(document.documentElement.getAttribute('data-prerender')).toBe('off');
    expect(isPrerenderShown(document)).toBe(false);
    document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    document.documentElement.removeAttribute('data-prerender');
    document.body.innerHTML = '';
    window.localStorage.clear();
  });
});

describe("the home screen's preloads (ADR 042)", () => {
  it('preloads the files named on the script, and only built scripts', () => {
    const script = document.createElement('script');
    script.setAttribute(
      SCREEN_PRELOADS_ATTRIBUTE,
      'assets/home-screen-a1.js assets/text-field-b2.js https://elsewhere.example/x.js assets/x.css',
    );
    preloadScreen(script);
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/home-screen-a1.js',
      '/assets/text-field-b2.js',
    ]);
    expect(links.every((link) => link.getAttribute('fetchpriority') === 'low')).toBe(true);
    for (const link of links) link.remove();
  });

  it('preloads nothing from a script without the list', () => {
    preloadScreen(document.createElement('script'));
    preloadScreen(null);
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});

describe("the plans page's intro (ADR 058)", () => {
  const NOW = 1_780_000_000_000;
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

  it('names the checked city when the stored answer says fibre reaches the address now', () => {
    const outcome = answered(BAGUIO_HOUSE, SERVICEABLE, 60_000);
    expect(servedCityOf(storageOf(BAGUIO_HOUSE, outcome), NOW)).toBe(
      BAGUIO_HOUSE.area.city.address_name,
    );
  });

  it.each([
    [
      'an answer as old as the app asks again',
      answered(BAGUIO_HOUSE, SERVICEABLE, COVERAGE_FRESH_MS),
    ],
    ['a "not covered" answer', answered(BAGUIO_HOUSE, NO_COVERAGE, 60_000)],
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
    [
      'an answer not in the expected shape',
      { ...answered(BAGUIO_HOUSE, SERVICEABLE, 1), checkedAt: '1' },
    ],
  ])('names none for %s, as the app claims nothing for it', (_name, outcome) => {
    expect(servedCityOf(storageOf(BAGUIO_HOUSE, outcome), NOW)).toBeNull();
    // The app's own rule agrees: only "available" opens the plans page.
    if (outcome !== null && typeof outcome.checkedAt === 'number') {
      const journey = { checkedAddress: BAGUIO_HOUSE, serviceability: outcome as TCheckedOutcome };
      expect(storedCoverage(journey, NOW).status).not.toBe('available');
    }
  });

  it.each([
    ['no address', null],
    ['an address still being filled', { ...BAGUIO_HOUSE, searchResult: null }],
    ['an unknown property type', { ...BAGUIO_HOUSE, radioTypeValue: 'Castle' }],
    ['a city without its name', { ...BAGUIO_HOUSE, area: { ...BAGUIO_HOUSE.area, city: {} } }],
  ])('names none for %s', (_name, address) => {
    const outcome = answered(BAGUIO_HOUSE, SERVICEABLE, 60_000);
    expect(servedCityOf(storageOf(address, outcome), NOW)).toBeNull();
  });

  it('names none when storage holds what JSON cannot read', () => {
    const storage = { getItem: (key: string) => (key === 'konek.address' ? '{"area":' : null) };
    expect(servedCityOf(storage, NOW)).toBeNull();
  });

  it('shows the intro only to a signed-out visitor with a served city', () => {
    const prepaid = {
      pathname: '/serviceability/prepaid',
      hasIntroCopy: true,
      introNamesCity: true,
    };
    expect(firstPaint({ ...prepaid, servedCity: 'Baguio City', storedEntries: 2 })).toBe('copy');
    expect(firstPaint({ ...prepaid, servedCity: null, storedEntries: 2 })).toBe('shell');
    expect(firstPaint({ ...prepaid, servedCity: 'Baguio City', cookies: 'token=eyJ' })).toBe(
      'shell',
    );
  });

  it('writes the city into the intro as the parser adds it, as text', async () => {
    document.body.innerHTML = '';
    fillIntroCity(document, 'Las Piñas <City>');
    document.body.innerHTML =
      '<p>Good news: fibre reaches your address in <span data-intro-city></span>.</p>';
    await Promise.resolve();
    expect(document.body.textContent).toBe(
      'Good news: fibre reaches your address in Las Piñas <City>.',
    );
    expect(document.querySelector('[data-intro-city]')?.children).toHaveLength(0);
    document.body.innerHTML = '';
  });
});
