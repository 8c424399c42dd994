import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import {
  ARRIVED_ADDRESS_PATH,
  ARRIVED_QUERY,
  UNSUBSCRIBE_QUERY,
  WAITLIST_UNSUBSCRIBE_PATH,
  type TArrivedAddress,
} from '@konek/contract/coverage-alert';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { appRoutes } from '../router';
import { ALERT_LINK_QUERIES, alertLinkOf, searchWithoutAlertLinks } from '../alert-link';
import { failure, ok, stubApi, type FakeHandler } from '../../lib/fake-api-for-tests';
import { readCheckedAddress, readCheckedOutcome } from '../../lib/journey-store';
import { addressApi } from '../../features/address/address-fixtures-for-tests';
import {
  NO_COVERAGE,
  SERVICEABLE,
} from '../../features/serviceability/serviceability-fixtures-for-tests';

// ADR 094: the links of a coverage-arrival alert on `/`.

const ALMANZA_HOUSE: TArrivedAddress = {
  address_type: 'House',
  province: 'Metro Manila',
  city: 'Las Piñas City',
  barangay: 'Almanza Uno',
  house_number: '12',
  street: 'Sampaguita &amp; Ilang-Ilang',
  village: 'none',
  floor: null,
  unit_number: null,
  building_name: null,
  latitude: 14.45071,
  longitude: 120.98301,
};

const LINK_INVALID = () =>
  failure(
    'coverage_alert',
    1,
    "This link isn't valid. Open the link from your message again.",
    400,
  );

function api(overrides: Record<string, FakeHandler>) {
  return stubApi(addressApi(overrides));
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('alert links in the query', () => {
  it('are the contract’s parameters', () => {
    expect(ALERT_LINK_QUERIES).toEqual({ arrived: ARRIVED_QUERY, unsubscribe: UNSUBSCRIBE_QUERY });
  });

  it('are read and removed, keeping the rest of the query', () => {
    expect(alertLinkOf('?arrived=abc&utm_source=sms')).toEqual({ kind: 'arrived', token: 'abc' });
    expect(alertLinkOf('?unsubscribe=xyz')).toEqual({ kind: 'unsubscribe', token: 'xyz' });
    expect(alertLinkOf('?arrived=')).toBeNull();
    expect(alertLinkOf('')).toBeNull();
    expect(searchWithoutAlertLinks('?arrived=abc&utm_source=sms')).toBe('?utm_source=sms');
    expect(searchWithoutAlertLinks('?unsubscribe=xyz')).toBe('');
  });
});

describe('/?arrived=<token> (ADR 094)', () => {
  it('opens the address as the form would have saved it, checks it and goes to the plans', async () => {
    let answerAddress: () => void = () => {};
    const addressAsked = new Promise<void>((resolve) => (answerAddress = resolve));
    const { calls } = api({
      [ARRIVED_ADDRESS_PATH]: async () => {
        await addressAsked;
        return ok({ address: ALMANZA_HOUSE });
      },
      [SERVICEABILITY_CHECK_PATH]: () => ok({ result: SERVICEABLE }),
    });
    const router = renderAt('/?arrived=token-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opening your address…' }),
    ).toBeTruthy();
    // The token leaves the address bar at once: a refresh does not open it again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    answerAddress();
    await screen.findByRole('heading', { level: 1, name: 'Choose your prepaid fibre plan' });
    expect(router.state.location.pathname).toBe('/serviceability/prepaid');
    expect(calls.find((entry) => entry.path === ARRIVED_ADDRESS_PATH)?.body).toEqual({
      token: 'token-1',
    });
    expect(readCheckedAddress()).toEqual({
      radioTypeValue: 'House',
      area: {
        province: { address_name: 'Metro Manila', address_code: '1300000000' },
        city: { address_name: 'Las Piñas City', address_code: '1380200000' },
        barangay: { address_name: 'Almanza Uno', address_code: '1380200001' },
        zipCode: '1750',
      },
      house: { houseNo: '12', street: 'Sampaguita & Ilang-Ilang', village: '' },
      condominium: { street: '', floor: '', unitNo: '', buildingName: '' },
      searchResult: {
        lat: 14.45071,
        lng: 120.98301,
        details: 'Las Piñas City, Metro Manila',
      },
      landmark: '',
      regionDescription: 'National Capital Region (NCR)',
      pilot: true,
    });
    expect(calls.find((entry) => entry.path === SERVICEABILITY_CHECK_PATH)?.body).toEqual({
      latitude: 14.45071,
      longitude: 120.98301,
    });
    expect(readCheckedOutcome()?.result).toEqual(SERVICEABLE);
  });

  it('sends an address that is not served (any more) to notify-me, as the check does', async () => {
    api({
      [ARRIVED_ADDRESS_PATH]: () => ok({ address: ALMANZA_HOUSE }),
      [SERVICEABILITY_CHECK_PATH]: () => ok({ result: NO_COVERAGE }),
    });
    const router = renderAt('/?arrived=token-1');
    await screen.findByRole('heading', { level: 1, name: 'Get notified when fibre arrives' });
    expect(router.state.location.pathname).toBe('/serviceability/notifyme');
  });

  it('says a bad link is not valid and offers the form on the same page', async () => {
    const { calls } = api({ [ARRIVED_ADDRESS_PATH]: LINK_INVALID });
    const router = renderAt('/?arrived=forged');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't open your address");
    expect(alert.textContent).toContain("This link isn't valid any more.");
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('form', { name: 'Check your address' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enter my address' }));
    // The way forward: the form's first field, ready to fill.
    expect(
      screen.getByRole('form', { name: 'Check your address' }).contains(document.activeElement),
    ).toBe(true);
    expect(calls.some((entry) => entry.path === SERVICEABILITY_CHECK_PATH)).toBe(false);
    expect(readCheckedAddress()).toBeNull();
  });

  it('says when the address could not be opened for another reason', async () => {
    api({ [ARRIVED_ADDRESS_PATH]: () => failure('system', 1, 'Internal error', 500) });
    renderAt('/?arrived=token-1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side.');
    expect(screen.getByRole('form', { name: 'Check your address' })).toBeTruthy();
  });

  it('says when the area is no longer in the address list', async () => {
    api({
      [ARRIVED_ADDRESS_PATH]: () =>
        ok({ address: { ...ALMANZA_HOUSE, barangay: 'Nowhere Barangay' } }),
    });
    renderAt('/?arrived=token-1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't find your area in our address list.");
  });
});

describe('/?unsubscribe=<token> (ADR 094)', () => {
  it('stops the messages and confirms it, with the home page below', async () => {
    const { calls } = api({ [WAITLIST_UNSUBSCRIBE_PATH]: () => ok({ unsubscribed: true }) });
    const router = renderAt('/?unsubscribe=token-2');
    const confirmation = await screen.findByText(/You won't get more messages from us/);
    expect(confirmation.closest('[role="status"]')?.textContent).toContain('You are unsubscribed');
    expect(calls.filter((entry) => entry.path === WAITLIST_UNSUBSCRIBE_PATH)).toEqual([
      expect.objectContaining({ body: { token: 'token-2' } }),
    ]);
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('form', { name: 'Check your address' })).toBeTruthy();
  });

  it('says a bad link is not valid, with the home page below', async () => {
    api({ [WAITLIST_UNSUBSCRIBE_PATH]: LINK_INVALID });
    renderAt('/?unsubscribe=forged');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't unsubscribe you");
    expect(alert.textContent).toContain("This link isn't valid.");
    expect(within(alert).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      '/help',
    );
    expect(screen.getByRole('form', { name: 'Check your address' })).toBeTruthy();
  });

  it('offers to try again when the server failed', async () => {
    let failing = true;
    api({
      [WAITLIST_UNSUBSCRIBE_PATH]: () =>
        failing ? failure('system', 1, 'Internal error', 500) : ok({ unsubscribed: true }),
    });
    renderAt('/?unsubscribe=token-2');
    await screen.findByRole('alert');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You won't get more messages from us/)).toBeTruthy();
  });
});
