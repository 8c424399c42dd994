import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERRORS } from '@konek/contract/errors';
import { PARTNER_OPEN_LINK_PATH } from '@konek/contract/partner-open-link';
import { ok, stubApi } from '../../lib/fake-api-for-tests';
import { readCampaign } from '../../lib/utm';
import { failure } from '../../lib/fake-api-for-tests';
import { renderAt } from './render-at';

const LINK =
  '/serviceability/pcp/redirect?payload=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..iv.ct.tag';
const OPENED = { msisdn: '639171234567', expires_at: '2030-01-01T00:00:00.000Z' };

describe('pcp/redirect (product §2.2, ADR 010)', () => {
  it('opens the link, pre-fills the number on pcp/entermobile and keeps the attribution', async () => {
    const { calls } = stubApi({
      [PARTNER_OPEN_LINK_PATH]: () =>
        ok({ ...OPENED, campaign: 'summer_fibre', agent_code: 'AG-7' }),
    });
    const router = await renderAt(LINK);
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Enter your mobile number' },
      { timeout: 5000 },
    );
    expect(router.state.location.pathname).toBe('/serviceability/pcp/entermobile');
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveProperty(
      'value',
      '9171234567',
    );
    expect(calls.find((call) => call.path === PARTNER_OPEN_LINK_PATH)?.body).toEqual({
      payload: 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..iv.ct.tag',
    });
    expect(readCampaign()).toMatchObject({
      utm_source: 'partner',
      utm_medium: 'pcp',
      utm_campaign: 'summer_fibre',
      salesman_id: 'AG-7',
    });
    // The number never goes into the address bar.
    expect(router.state.location.search).toBe('');
  });

  it('keeps no attribution for a link without campaign or agent code', async () => {
    stubApi({ [PARTNER_OPEN_LINK_PATH]: () => ok(OPENED) });
    await renderAt(LINK);
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Enter your mobile number' },
      { timeout: 5000 },
    );
    expect(readCampaign()).toEqual({});
  });

  it.each([
    ['does not decrypt', ERRORS.partner.LINK_INVALID, 'may be incomplete, or changed'],
    ['has expired', ERRORS.partner.LINK_EXPIRED, 'has expired'],
  ])('a link that %s goes to pcp/decryptionerror', async (_case, error, words) => {
    stubApi({
      [PARTNER_OPEN_LINK_PATH]: () => failure('partner', error.code, error.message, error.status),
    });
    const router = await renderAt(LINK);
    await screen.findByRole('heading', { level: 1, name: "We couldn't open your link" });
    expect(router.state.location.pathname).toBe('/serviceability/pcp/decryptionerror');
    expect(screen.getByText(new RegExp(words))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue with my number' }).getAttribute('href')).toBe(
      '/serviceability/pcp/entermobile',
    );
  });

  it('goes to pcp/decryptionerror without a payload', async () => {
    const { calls } = stubApi({});
    const router = await renderAt('/serviceability/pcp/redirect');
    await screen.findByRole('heading', { level: 1, name: "We couldn't open your link" });
    expect(router.state.location.pathname).toBe('/serviceability/pcp/decryptionerror');
    expect(calls.some((call) => call.path === PARTNER_OPEN_LINK_PATH)).toBe(false);
  });

  it('offers to try again when the server does not answer', async () => {
    let attempts = 0;
    stubApi({
      [PARTNER_OPEN_LINK_PATH]: () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return ok(OPENED);
      },
    });
    await renderAt(LINK);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Enter your mobile number' },
      { timeout: 5000 },
    );
  });
});
