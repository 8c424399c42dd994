import { describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_NAMES,
  isPrerenderShown,
  markFirstPaint,
  preloadScreen,
  SCREEN_PRELOADS_ATTRIBUTE,
  firstPaintOf,
  type FirstPaintVisitor,
} from './first-paint';

const NEW_VISITOR: FirstPaintVisitor = {
  pathname: '/',
  storedEntries: 0,
  cookies: 'uuid=3f1c; _ga=GA1.1',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/156.0 Mobile',
  historyState: null,
  hasIntroCopy: false,
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
