import { describe, expect, it } from 'vitest';
import { JOURNEY_STEPS, PATHS, ROUTES, TERMS_PATH, findRoute } from './routes';

// product §2.2, exactly as listed (the terms page is written terms%26conditions in the spec).
const TOP = ['/', '/healthy', '/serviceability', '/trackmyorder'];
const SERVICEABILITY = [
  'addresserror',
  'checkotp',
  'entermobile',
  'enterotp',
  'failed',
  'filloutdetail',
  'forgotPin',
  'loading',
  'locationerror',
  'noavailableslots',
  'nominateyourpin',
  'notifyme',
  'ordercancelled',
  'pay',
  'payloading',
  'pinchanged',
  'prepaid',
  'schedule',
  'scheduleerror',
  'servererror',
  'signin',
  'signup',
  'specialOffer',
  'specialOfferOrderconfirmed',
  'terms%26conditions',
  'thanks',
  'timeout',
].map((name) => `/serviceability/${name}`);
const PARTNER = [
  'decryptionerror',
  'entermobile',
  'enterotp',
  'nominateyourpin',
  'redirect',
  'signin',
  'utils',
].map((name) => `/serviceability/pcp/${name}`);
const TRACK_ORDER = [
  'enterotp',
  'forgetpin',
  'nominateyourpin',
  'orderstatus',
  'pinchanged',
  'stillthere',
  'trackmytechnician',
  'viewmyorder',
].map((name) => `/trackmyorder/${name}`);
const SPEC_PATHS = [...TOP, ...SERVICEABILITY, ...PARTNER, ...TRACK_ORDER];
// Konek's own pages, beside the spec's list.
const OWN_PAGES = ['/privacy', '/terms-of-use', '/cookies', '/about', '/help'];
const ALL_PATHS = [...SPEC_PATHS, ...OWN_PAGES];

describe('product §2.2 route list', () => {
  it('has 4 + 27 + 7 + 8 = 46 spec routes and 5 own pages', () => {
    expect([TOP.length, SERVICEABILITY.length, PARTNER.length, TRACK_ORDER.length]).toEqual([
      4, 27, 7, 8,
    ]);
    expect(ROUTES).toHaveLength(51);
  });

  it('lists exactly the spec paths and the own pages, each once', () => {
    const routePaths = ROUTES.map((route) => route.path);
    const specPaths = ALL_PATHS.map((path) => decodeURIComponent(path));
    expect(new Set(routePaths).size).toBe(routePaths.length);
    expect([...routePaths].sort()).toEqual([...specPaths].sort());
  });

  it.each(ALL_PATHS)('findRoute resolves %s', (path) => {
    expect(findRoute(path)?.path).toBe(decodeURIComponent(path));
  });

  it.each(ALL_PATHS.filter((path) => path !== '/'))('findRoute resolves %s/', (path) => {
    expect(findRoute(`${path}/`)?.path).toBe(decodeURIComponent(path));
  });

  it('resolves the terms page in its URL form and as the decoded path', () => {
    expect(TERMS_PATH).toBe('/serviceability/terms%26conditions');
    expect(findRoute(TERMS_PATH)?.title).toBe('Prepaid Terms & Conditions');
    expect(findRoute('/serviceability/terms&conditions')?.path).toBe(
      '/serviceability/terms&conditions',
    );
    expect(findRoute('/serviceability/terms%26conditions/')?.path).toBe(
      '/serviceability/terms&conditions',
    );
  });

  it.each([
    ['/unknown'],
    ['/serviceability/nope'],
    ['/serviceability/pcp'],
    ['/serviceability/forgotpin'],
    ['/trackmyorder/forgotPin'],
    ['/serviceability/pay/extra'],
    [''],
    ['/serviceability/%E0%A4%A'],
  ])('findRoute(%j) is undefined (the 404 page)', (path) => {
    expect(findRoute(path)).toBeUndefined();
  });

  it('keeps the home path as it is', () => {
    expect(findRoute('/')?.path).toBe('/');
  });

  it.each(ROUTES.map((route) => [route.path, route]))(
    '%s has a title and a valid step',
    (_path, route) => {
      expect(route.title.trim()).not.toBe('');
      expect(route.step === null || (route.step >= 0 && route.step < JOURNEY_STEPS.length)).toBe(
        true,
      );
    },
  );
});

describe('product §1 journey steps', () => {
  it('are the five steps in order', () => {
    expect(JOURNEY_STEPS).toEqual([
      'Check Address',
      'Create Account',
      'Fill Out Form',
      'Select Schedule',
      'Confirm and Pay',
    ]);
  });
});

describe('PATHS', () => {
  it('names every route of ROUTES once, and nothing else', () => {
    const named = Object.values(PATHS);
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual(ROUTES.map((entry) => entry.path).sort());
  });
});
