import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_STORAGE_ADD_PATH } from '@konek/contract/client-storage-add';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { ERRORS } from '@konek/contract/errors';
import { LOGIN_PATH } from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { MESSAGE_PIN } from '@konek/contract/validation';
import { setCookie } from '../../lib/cookies';
import { ok } from '../../lib/fake-api-for-tests';
import { readCheckedAddress } from '../../lib/journey-store';
import { getSession, setSession } from '../../lib/session';
import { readAuthFlow } from '../../features/auth/auth-flow-store';
import {
  ALMANZA_HOUSE,
  APPLICATION_ID,
  LOCAL_NUMBER,
  MSISDN,
  authApi,
  failure,
  messageOf,
  pinInput,
  storeCheckedAddress,
} from '../../features/auth/auth-fixtures-for-tests';
import { renderAt } from './render-at';

const SESSION = {
  api_token: 'token-2',
  user_id: 'user-2',
  account_id: 'account-2',
  msisdns: [MSISDN],
  token_start: Date.now(),
};

const mobileField = () => screen.getByRole('textbox', { name: 'Mobile number' });

async function signInWith(pin: string) {
  await userEvent.type(pinInput(), pin);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const SERVICEABLE_HERE = {
  serviceable: true,
  qualification_result: 'qualified',
  served_by: 'nap',
  unavailability_reason: null,
  alternate_proposal: null,
  distance_meters: 40,
} as const;

describe('signin', () => {
  it('fills in the number last used on this device (product §9 mobile cookie)', async () => {
    authApi();
    setCookie('mobile', MSISDN);
    await renderAt('/serviceability/signin');
    expect(mobileField()).toHaveProperty('value', LOCAL_NUMBER);
  });

  it('lets password managers pair the number with the PIN (one valid autocomplete token each)', async () => {
    authApi();
    await renderAt('/serviceability/signin');
    expect(mobileField().getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText(/^PIN/).getAttribute('autocomplete')).toBe('current-password');
  });

  it('checks the PIN on blur', async () => {
    authApi();
    await renderAt('/serviceability/signin');
    await userEvent.type(pinInput(), '1234');
    await userEvent.tab();
    await waitFor(() => expect(messageOf(pinInput())).toBe(MESSAGE_PIN));
  });

  it("shows the server's wrong-PIN message with the tries left, and clears the PIN", async () => {
    const { code, status } = ERRORS.auth.INVALID_PIN;
    const message = 'The PIN you entered is incorrect. 9 tries left before your account is locked.';
    authApi({
      [LOGIN_PATH]: () => failure('auth', code, message, status, { attempts_left: 9 }),
    });
    setCookie('mobile', MSISDN);
    await renderAt('/serviceability/signin');
    await signInWith('135792');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(pinInput()).toHaveProperty('value', '');
  });

  it('shows a locked account with when it unlocks and the way out: resetting the PIN', async () => {
    const { code, status, message } = ERRORS.auth.ACCOUNT_LOCKED;
    authApi({
      [LOGIN_PATH]: () => failure('auth', code, message, status, { retry_after_seconds: 900 }),
    });
    setCookie('mobile', MSISDN);
    const router = await renderAt('/serviceability/signin');
    await signInWith('135792');
    await screen.findByRole('heading', { level: 2, name: 'Your account is locked' });
    expect(screen.getByText(`${message} You can try again in 15 minutes.`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset your PIN' }));
    await screen.findByRole('heading', { level: 1, name: 'Forgot your PIN' });
    expect(router.state.location.pathname).toBe('/serviceability/forgotPin');
    expect(mobileField()).toHaveProperty('value', LOCAL_NUMBER);
  });

  it('offers sign-up for a number without an account', async () => {
    const { code, status, message } = ERRORS.auth.LOGIN_NOT_FOUND;
    authApi({ [LOGIN_PATH]: () => failure('auth', code, message, status) });
    storeCheckedAddress();
    await renderAt('/serviceability/signin');
    await userEvent.type(mobileField(), LOCAL_NUMBER);
    await signInWith('135792');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    await userEvent.click(screen.getAllByRole('link', { name: 'Create an account' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    expect(readAuthFlow()?.msisdn).toBe(MSISDN);
  });

  it('sends a new customer without a checked address to check one before creating an account', async () => {
    const { code, status, message } = ERRORS.auth.LOGIN_NOT_FOUND;
    authApi({ [LOGIN_PATH]: () => failure('auth', code, message, status) });
    const router = await renderAt('/serviceability/signin');
    await userEvent.type(mobileField(), LOCAL_NUMBER);
    await signInWith('135792');
    await screen.findByRole('alert');
    await userEvent.click(screen.getAllByRole('link', { name: 'Create an account' })[0]!);
    await screen.findByText(
      'Check your address first. Once we know fibre reaches it, you can choose a plan and order.',
    );
    expect(router.state.location.pathname).toBe('/');
  });

  it('signs in and resumes at the step the stored context names, with its address', async () => {
    const stored = { journey_path: '/serviceability/schedule', address: ALMANZA_HOUSE };
    const { calls } = authApi({
      [LOGIN_PATH]: () => ok(SESSION),
      [CLIENT_STORAGE_GET_PATH]: () =>
        ok({
          result_set: [
            { context: 'serviceability', value: stored, updated_at: '2026-01-01T00:00:00Z' },
          ],
        }),
      [SERVICEABILITY_CHECK_PATH]: () => ok({ result: SERVICEABLE_HERE }),
    });
    setCookie('mobile', MSISDN);
    const router = await renderAt('/serviceability/signin');
    await signInWith('135792');
    await screen.findByRole('heading', { level: 1, name: 'Schedule installation' });
    expect(router.state.location.pathname).toBe('/serviceability/schedule');
    expect(calls.find((call) => call.path === LOGIN_PATH)?.body).toEqual({
      application_id: APPLICATION_ID,
      login_id: MSISDN,
      login_type: 2,
      login_secret: await hashPin(MSISDN, '135792'),
    });
    expect(readCheckedAddress()).toEqual(ALMANZA_HOUSE);
    // The stored address was checked elsewhere: the server is asked again before the step opens.
    expect(calls.filter((call) => call.path === SERVICEABILITY_CHECK_PATH)).toEqual([
      expect.objectContaining({ body: { latitude: 14.45056, longitude: 120.98278 } }),
    ]);
    expect(getSession()?.journey).toEqual(stored);
    expect(calls.some((call) => call.path === CLIENT_STORAGE_ADD_PATH)).toBe(false);
  });

  it('signs in to the details form, recording the step and the address checked here', async () => {
    const { calls } = authApi({
      [LOGIN_PATH]: () => ok(SESSION),
      [CLIENT_STORAGE_GET_PATH]: () => ok({ result_set: [] }),
    });
    setCookie('mobile', MSISDN);
    storeCheckedAddress();
    await renderAt('/serviceability/pcp/signin');
    await signInWith('135792');
    await screen.findByRole('heading', { level: 1, name: 'Fill out your details' });
    await waitFor(() =>
      expect(calls.find((call) => call.path === CLIENT_STORAGE_ADD_PATH)?.body).toMatchObject({
        data: { address: ALMANZA_HOUSE, journey_path: '/serviceability/filloutdetail' },
      }),
    );
  });

  it('does not ask a signed-in customer to sign in again', async () => {
    authApi({ [CLIENT_STORAGE_GET_PATH]: () => ok({ result_set: [] }) });
    setCookie('token', 'token-3');
    setSession({ token: 'token-3', userId: 'user-3', mobileId: MSISDN });
    await renderAt('/serviceability/signin');
    expect(screen.getByText('0917 123 4567')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue my order' })).toBeTruthy();
    expect(screen.queryByLabelText(/^PIN/)).toBeNull();
  });
});
