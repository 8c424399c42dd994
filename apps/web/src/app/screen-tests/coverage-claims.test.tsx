import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { ok } from '../../lib/fake-api-for-tests';
import { COVERAGE_FRESH_MS } from '../../lib/coverage';
import { readCheckedOutcome, saveCheckedOutcome } from '../../lib/journey-store';
import {
  ALMANZA_HOUSE,
  authApi,
  storeCheckedAddress,
} from '../../features/auth/auth-fixtures-for-tests';
import {
  NO_COVERAGE,
  SERVICEABLE,
  storeAddress,
} from '../../features/serviceability/serviceability-fixtures-for-tests';
import { renderAt } from './render-at';

// ADR 030: only the server's latest answer for the address as it stands is claimed, and the steps that
// need one send the customer to check first.

const CHECK_FIRST =
  'Check your address first. Once we know fibre reaches it, you can choose a plan and order.';

function stepMarks(): boolean[] {
  const progress = screen.getByRole('navigation', { name: 'Order progress' });
  return within(progress)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[data-icon="check"]') !== null);
}

describe('what is claimed about fibre at the address', () => {
  it('sends a visitor who never checked an address from sign-up to the check', async () => {
    authApi();
    const router = await renderAt('/serviceability/entermobile');
    await screen.findByText(CHECK_FIRST);
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends the offers to the check when the address changed since its answer', async () => {
    authApi();
    storeCheckedAddress();
    storeAddress({ ...ALMANZA_HOUSE, searchResult: { ...ALMANZA_HOUSE.searchResult, lat: 14.5 } });
    const router = await renderAt('/serviceability/prepaid');
    await screen.findByText(CHECK_FIRST);
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks again after a while, and follows the new answer', async () => {
    const { calls } = authApi({ [SERVICEABILITY_CHECK_PATH]: () => ok({ result: NO_COVERAGE }) });
    storeAddress(ALMANZA_HOUSE);
    saveCheckedOutcome({
      address: ALMANZA_HOUSE,
      result: SERVICEABLE,
      checkedAt: Date.now() - COVERAGE_FRESH_MS - 1,
    });
    const router = await renderAt('/serviceability/prepaid');
    await screen.findByRole('heading', { level: 1, name: 'Get notified when fibre arrives' });
    expect(router.state.location.pathname).toBe('/serviceability/notifyme');
    expect(screen.queryByText(/Good news/)).toBeNull();
    expect(calls.filter((call) => call.path === SERVICEABILITY_CHECK_PATH)).toHaveLength(1);
    expect(readCheckedOutcome()?.result).toEqual(NO_COVERAGE);
  });

  it('says fibre is available beside sign-in only for a fresh yes', async () => {
    authApi();
    storeCheckedAddress();
    await renderAt('/serviceability/signin');
    expect(screen.getByText('Fibre is available at')).toBeTruthy();
    expect(stepMarks()).toEqual([true, false, false, false, false]);
  });

  it('claims nothing beside sign-in after a "no", and does not tick the check', async () => {
    authApi();
    storeAddress(ALMANZA_HOUSE);
    saveCheckedOutcome({ address: ALMANZA_HOUSE, result: NO_COVERAGE, checkedAt: Date.now() });
    await renderAt('/serviceability/signin');
    await waitFor(() => expect(stepMarks()).toEqual([false, false, false, false, false]));
    expect(screen.queryByText('Fibre is available at')).toBeNull();
  });

  it('does not tick "Check Address" for a visitor who never checked one', async () => {
    authApi();
    await renderAt('/serviceability/signin');
    expect(stepMarks()).toEqual([false, false, false, false, false]);
  });
});

describe('result pages opened with nothing behind them', () => {
  it('pinchanged without a reset says no PIN was changed and offers the reset', async () => {
    authApi();
    await renderAt('/serviceability/pinchanged');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'There is no PIN change to confirm',
    );
    expect(screen.queryByText(/Your new PIN is saved/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Reset my PIN' }).getAttribute('href')).toBe(
      '/serviceability/forgotPin',
    );
  });

  it.each([
    ['/serviceability/thanks', 'There is no order to show here'],
    ['/serviceability/specialOfferOrderconfirmed', 'There is no order to show here'],
    ['/serviceability/failed', 'There is no payment to show here'],
  ])('%s says: %s', async (path, heading) => {
    authApi();
    await renderAt(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
    expect(screen.queryByText(/thank you for your order/i)).toBeNull();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Track my order' }).getAttribute('href')).toBe(
      '/trackmyorder',
    );
  });
});
