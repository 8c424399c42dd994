import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CREATE_CHALLENGE_PATH } from '@konek/contract/create-challenge';
import { hashPin } from '@konek/contract/pin-hash';
import { VERIFY_CHALLENGE_PATH } from '@konek/contract/verify-challenge';
import { ok } from '../../lib/fake-api-for-tests';
import { MSISDN, authApi, storeFlow } from '../../features/auth/auth-fixtures-for-tests';
import { renderAt } from './render-at';

// Forgot PIN works on the /trackmyorder routes too (ADR 050) — the customer following an order
// stays on /trackmyorder/forgetpin → enterotp → nominateyourpin → pinchanged and signs in there again.

const NEW_PIN = '135792';

describe('forgot PIN on /trackmyorder', () => {
  it('checks the code first, sets the new PIN and comes back to /trackmyorder to sign in', async () => {
    let resetChecks = 0;
    const { calls } = authApi({
      [CREATE_CHALLENGE_PATH]: () =>
        ok({ challenge_id: 'challenge-1', expires_in_seconds: 300, resend_after_seconds: 60 }),
      [VERIFY_CHALLENGE_PATH]: () => ok({ pin_changed: resetChecks++ > 0 }),
    });
    storeFlow({ entry: 'track', msisdn: MSISDN });
    const router = await renderAt('/trackmyorder/forgetpin');

    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    const codeField = await screen.findByRole('textbox', { name: '6-digit code' });
    expect(router.state.location.pathname).toBe('/trackmyorder/enterotp');

    await userEvent.type(codeField, '482913');
    await screen.findByRole('heading', { level: 1, name: 'Nominate your PIN' });
    expect(router.state.location.pathname).toBe('/trackmyorder/nominateyourpin');

    const [pin, confirmPin] = screen.getAllByLabelText(/PIN/, { selector: 'input' });
    await userEvent.type(pin!, NEW_PIN);
    await userEvent.type(confirmPin!, NEW_PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Save my new PIN' }));
    await screen.findByRole('heading', { level: 1, name: 'PIN changed' });
    expect(router.state.location.pathname).toBe('/trackmyorder/pinchanged');

    const checks = calls.filter((call) => call.path === VERIFY_CHALLENGE_PATH);
    expect(checks).toHaveLength(2);
    expect(checks[0]?.body).not.toHaveProperty('new_secret');
    expect(checks[1]?.body).toMatchObject({
      otp_code: '482913',
      new_secret: await hashPin(MSISDN, NEW_PIN),
    });
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href'),
    ).toBe('/trackmyorder');
  });
});
