import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERRORS } from '@konek/contract/errors';
import { PARTNER_BUILD_LINK_PATH } from '@konek/contract/partner-build-link';
import { MESSAGE_MOBILE } from '@konek/contract/validation';
import { ok, stubApi } from '../../lib/fake-api-for-tests';
import { MESSAGE_ATTRIBUTION_CODE } from '../../features/partner/partner-link-schema';
import { failure } from '../../lib/fake-api-for-tests';
import { renderAt } from './render-at';

const BUILT = { payload: 'abc.def', url: '/serviceability/pcp/redirect?payload=abc.def' };

function messageOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('pcp/utils', () => {
  it('says the tool is turned off where the API does not build links (production)', async () => {
    const { code, message } = ERRORS.common.NOT_FOUND;
    stubApi({ [PARTNER_BUILD_LINK_PATH]: () => failure('common', code, message, 404) });
    await renderAt('/serviceability/pcp/utils');
    expect(await screen.findByText('This tool is turned off here')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Build link' })).toBeNull();
  });

  it('checks the number and the codes on blur', async () => {
    stubApi({ [PARTNER_BUILD_LINK_PATH]: () => ok(BUILT) });
    await renderAt('/serviceability/pcp/utils');
    const mobile = await screen.findByRole(
      'textbox',
      { name: "Customer's mobile number" },
      { timeout: 5000 },
    );
    await userEvent.type(mobile, '12345');
    const campaign = screen.getByRole('textbox', { name: 'Campaign' });
    await userEvent.type(campaign, 'summer promo');
    await userEvent.tab();
    await waitFor(() => {
      expect(messageOf(mobile)).toBe(MESSAGE_MOBILE);
      expect(messageOf(campaign)).toBe(MESSAGE_ATTRIBUTION_CODE);
    });
  });

  it('builds a link and copies it', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi({ [PARTNER_BUILD_LINK_PATH]: () => ok(BUILT) });
    await renderAt('/serviceability/pcp/utils');
    await user.type(
      await screen.findByRole('textbox', { name: "Customer's mobile number" }, { timeout: 5000 }),
      '9171234567',
    );
    await user.type(screen.getByRole('textbox', { name: 'Agent code' }), 'AG-7');
    await user.click(screen.getByRole('button', { name: 'Build link' }));
    const link = await screen.findByRole('textbox', { name: 'Partner link' });
    const url = `${window.location.origin}${BUILT.url}`;
    expect(link).toHaveProperty('value', url);
    expect(calls.filter((call) => call.path === PARTNER_BUILD_LINK_PATH).at(-1)?.body).toEqual({
      msisdn: '639171234567',
      agent_code: 'AG-7',
    });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('says so when the link cannot be copied', async () => {
    const user = userEvent.setup();
    stubApi({ [PARTNER_BUILD_LINK_PATH]: () => ok(BUILT) });
    await renderAt('/serviceability/pcp/utils');
    await user.type(
      await screen.findByRole('textbox', { name: "Customer's mobile number" }, { timeout: 5000 }),
      '9171234567',
    );
    await user.click(screen.getByRole('button', { name: 'Build link' }));
    const copy = await screen.findByRole('button', { name: 'Copy link' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(copy);
    expect(
      await screen.findByText("We couldn't copy the link. Select it and copy it yourself."),
    ).toBeTruthy();
  });
});
