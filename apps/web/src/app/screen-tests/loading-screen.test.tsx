import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { appRoutes } from '../router';
import { json, ok, stubApi } from '../../lib/fake-api-for-tests';
import { readCheckedOutcome, saveCheckedOutcome } from '../../lib/journey-store';
import {
  BAGUIO_HOUSE,
  NO_COVERAGE,
  SERVICEABLE,
  storeAddress,
} from '../../features/serviceability/serviceability-fixtures-for-tests';

const AT_ALMANZA = '/serviceability/loading?lat=14.45056&lng=120.98278&pilot=true';
const AT_BAGUIO = '/serviceability/loading?lat=16.41&lng=120.6&pilot=false';

async function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

async function landsOn(router: Awaited<ReturnType<typeof renderAt>>, heading: string) {
  // Screens are lazy chunks: the first visit to one also transforms its module.
  const found = await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 });
  expect(found.textContent).toBe(heading);
  return router.state.location;
}

describe('/serviceability/loading (product §2.3 step 9)', () => {
  it('shows that it is checking, then sends a serviceable address to the prepaid offers', async () => {
    const { calls } = stubApi({ [SERVICEABILITY_CHECK_PATH]: () => ok({ result: SERVICEABLE }) });
    storeAddress(BAGUIO_HOUSE);
    const router = await renderAt(AT_BAGUIO);
    expect(await screen.findByText('Checking fibre availability at your address…')).toBeTruthy();
    const location = await landsOn(router, 'Choose your prepaid fibre plan');
    expect(location.pathname).toBe('/serviceability/prepaid');
    expect(calls.filter((call) => call.path === SERVICEABILITY_CHECK_PATH)).toEqual([
      expect.objectContaining({ body: { latitude: 16.41, longitude: 120.6 } }),
    ]);
    // The answer is kept with the address it is for, so the offers screen did not ask again.
    expect(readCheckedOutcome()).toEqual({
      address: BAGUIO_HOUSE,
      result: SERVICEABLE,
      checkedAt: expect.any(Number),
    });
    // replace: Back from the offers does not return to the loading screen.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends the floor of a building', async () => {
    const { calls } = stubApi({ [SERVICEABILITY_CHECK_PATH]: () => ok({ result: SERVICEABLE }) });
    storeAddress({
      ...BAGUIO_HOUSE,
      radioTypeValue: 'Condominium',
      condominium: { buildingName: 'Pine Tower', street: 'Leonard Wood', floor: '7', unitNo: '7A' },
    });
    const router = await renderAt(AT_BAGUIO);
    await landsOn(router, 'Choose your prepaid fibre plan');
    expect(calls.find((call) => call.path === SERVICEABILITY_CHECK_PATH)?.body).toEqual({
      latitude: 16.41,
      longitude: 120.6,
      floor: '7',
    });
  });

  it('sends a not-serviceable address to notify-me, keeping the answer for a refresh', async () => {
    stubApi({ [SERVICEABILITY_CHECK_PATH]: () => ok({ result: NO_COVERAGE }) });
    storeAddress(BAGUIO_HOUSE);
    const router = await renderAt(AT_BAGUIO);
    const location = await landsOn(router, 'Get notified when fibre arrives');
    expect(location.pathname).toBe('/serviceability/notifyme');
    expect(readCheckedOutcome()).toEqual({
      address: BAGUIO_HOUSE,
      result: NO_COVERAGE,
      checkedAt: expect.any(Number),
    });
  });

  it('a failed check leaves no earlier answer behind', async () => {
    stubApi({ [SERVICEABILITY_CHECK_PATH]: () => json({ code: 500, module: 'common' }, 500) });
    storeAddress(BAGUIO_HOUSE);
    saveCheckedOutcome({ address: BAGUIO_HOUSE, result: SERVICEABLE, checkedAt: Date.now() });
    await landsOn(await renderAt(AT_BAGUIO), 'Something went wrong on our side');
    expect(readCheckedOutcome()).toBeNull();
  });

  it('an answer for a position that is not the saved address is not kept for it', async () => {
    stubApi({ [SERVICEABILITY_CHECK_PATH]: () => ok({ result: SERVICEABLE }) });
    storeAddress(BAGUIO_HOUSE);
    // Nothing confirmed for the saved address: the offers send the customer to check first.
    const router = await renderAt(AT_ALMANZA);
    await screen.findByText(
      'Check your address first. Once we know fibre reaches it, you can choose a plan and order.',
      {},
      { timeout: 5000 },
    );
    expect(router.state.location.pathname).toBe('/');
    expect(readCheckedOutcome()).toBeNull();
  });

  it.each([
    [500, 'Something went wrong on our side', '/serviceability/servererror'],
    [503, 'Something went wrong on our side', '/serviceability/servererror'],
    [400, "We couldn't reserve your location", '/serviceability/locationerror'],
  ])('a reply with HTTP %i goes to %s', async (status, heading, path) => {
    stubApi({
      [SERVICEABILITY_CHECK_PATH]: () =>
        json({ code: status === 400 ? 1 : status, module: 'common', message: 'x' }, status),
    });
    const location = await landsOn(await renderAt(AT_ALMANZA), heading);
    expect(location.pathname).toBe(path);
  });

  it('no answer (the 502 of product §7.3) goes to the timeout page', async () => {
    stubApi({
      [SERVICEABILITY_CHECK_PATH]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const location = await landsOn(
      await renderAt(AT_ALMANZA),
      'This is taking longer than expected',
    );
    expect(location.pathname).toBe('/serviceability/timeout');
  });

  it.each([
    '/serviceability/loading',
    '/serviceability/loading?lat=abc&lng=120',
    '/serviceability/loading?lat=95&lng=120',
  ])('%s (no valid position) goes to the location error page', async (path) => {
    const { calls } = stubApi({});
    const location = await landsOn(await renderAt(path), "We couldn't reserve your location");
    expect(location.pathname).toBe('/serviceability/locationerror');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/');
    expect(calls.some((call) => call.path === SERVICEABILITY_CHECK_PATH)).toBe(false);
  });
});
