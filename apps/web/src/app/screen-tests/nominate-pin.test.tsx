import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_STORAGE_ADD_PATH } from '@konek/contract/client-storage-add';
import { MESSAGE_COMMON_PIN } from '@konek/contract/common-pins';
import { ERRORS } from '@konek/contract/errors';
import { LOGIN_PATH } from '@konek/contract/login';
import { hashPin } from '@konek/contract/pin-hash';
import { MESSAGE_PIN, MESSAGE_REQUIRED } from '@konek/contract/validation';
import { VERIFY_CHALLENGE_PATH } from '@konek/contract/verify-challenge';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { getCookie, setCookie } from '../../lib/cookies';
import { ok } from '../../lib/fake-api-for-tests';
import { getSession, setSession } from '../../lib/session';
import { readAuthFlow } from '../../features/auth/auth-flow-store';
import {
  ALMANZA_HOUSE,
  APPLICATION_ID,
  MSISDN,
  OPERATOR,
  authApi,
  confirmPinInput,
  failure,
  messageOf,
  pinInput,
  storeCheckedAddress,
  storeFlow,
} from '../../features/auth/auth-fixtures-for-tests';
import { renderAt } from './render-at';
import { MESSAGE_PIN_MISMATCH } from '../../features/auth/auth-schemas';

const NEW_PIN = '135792';

const SESSION = {
  api_token: 'token-1',
  user_id: 'user-1',
  account_id: 'account-1',
  msisdns: [MSISDN],
  token_start: Date.now(),
};

function storeVerifiedSignUp() {
  storeFlow({
    entry: 'serviceability',
    msisdn: MSISDN,
    code: { purpose: 'signup', id: 'ref-1', resendAt: 0, expiresAt: Date.now() + 300_000 },
    verifiedReferenceId: 'ref-1',
  });
}

function storeTypedResetCode() {
  storeFlow({
    entry: 'serviceability',
    msisdn: MSISDN,
    code: { purpose: 'reset', id: 'challenge-1', resendAt: 0, expiresAt: Date.now() + 300_000 },
    resetCode: '482913',
  });
}

async function typePins(pin: string, confirmPin: string) {
  await userEvent.type(pinInput(), pin);
  await userEvent.type(confirmPinInput(), confirmPin);
  await userEvent.tab();
}

describe('nominateyourpin after a sign-up code', () => {
  it.each([
    ['12345', '12345', MESSAGE_PIN, MESSAGE_PIN],
    ['123456', '123456', MESSAGE_COMMON_PIN, null],
    ['135792', '135793', null, MESSAGE_PIN_MISMATCH],
  ])('PIN %s / %s: tells on blur', async (pin, confirmPin, pinMessage, confirmMessage) => {
    authApi();
    storeVerifiedSignUp();
    await renderAt('/serviceability/nominateyourpin');
    await typePins(pin, confirmPin);
    await waitFor(() => {
      expect(messageOf(confirmPinInput())).toBe(confirmMessage);
      if (pinMessage !== null) expect(messageOf(pinInput())).toBe(pinMessage);
    });
    // A PIN with no problem shows its hint, not an error.
    if (pinMessage === null) expect(pinInput().getAttribute('aria-invalid')).toBeNull();
  });

  it('leaves Confirm PIN quiet on the way to it, and checks it again when the PIN changes after it', async () => {
    authApi();
    storeVerifiedSignUp();
    await renderAt('/serviceability/nominateyourpin');
    // From the PIN to its confirmation: the empty confirmation is not an error yet.
    await userEvent.type(pinInput(), NEW_PIN);
    await userEvent.tab();
    expect(document.activeElement).toBe(confirmPinInput());
    await waitFor(() => expect(pinInput().getAttribute('aria-invalid')).toBeNull());
    expect(messageOf(confirmPinInput())).toBeNull();
    expect(confirmPinInput().getAttribute('aria-invalid')).toBeNull();
    // A confirmation that differs says so on its blur...
    await userEvent.type(confirmPinInput(), '135793');
    await userEvent.tab();
    await waitFor(() => expect(messageOf(confirmPinInput())).toBe(MESSAGE_PIN_MISMATCH));
    // ...and stops saying so once the PIN is changed to match it.
    await userEvent.clear(pinInput());
    await userEvent.type(pinInput(), '135793');
    await userEvent.tab();
    await waitFor(() => expect(messageOf(confirmPinInput())).toBeNull());
  });

  it('asks for the name (product §5 details rules)', async () => {
    authApi();
    storeVerifiedSignUp();
    await renderAt('/serviceability/nominateyourpin');
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    await userEvent.click(firstName);
    await userEvent.tab();
    await waitFor(() => expect(messageOf(firstName)).toBe(MESSAGE_REQUIRED));
  });

  it('registers with the hashed PIN, saves a fresh context and goes on to the details form', async () => {
    const { calls } = authApi({ [LOGIN_PATH]: () => ok(SESSION) });
    storeVerifiedSignUp();
    storeCheckedAddress();
    const router = await renderAt('/serviceability/nominateyourpin');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Maria');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Santos');
    await typePins(NEW_PIN, NEW_PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await screen.findByRole('heading', { level: 1, name: 'Fill out your details' });
    expect(router.state.location.pathname).toBe('/serviceability/filloutdetail');

    const registerBody = calls.find((call) => call.path === LOGIN_PATH)?.body;
    expect(registerBody).toEqual({
      application_id: APPLICATION_ID,
      login_id: MSISDN,
      login_type: 2,
      login_secret: await hashPin(MSISDN, NEW_PIN),
      user_properties: { first_name: 'Maria', last_name: 'Santos' },
    });
    expect(JSON.stringify(registerBody)).not.toContain(NEW_PIN);
    // product §4.1: register clears the stored context and saves it, with the address checked here.
    expect(calls.find((call) => call.path === CLIENT_STORAGE_ADD_PATH)?.body).toEqual({
      target_id: 'user-1',
      target_type: 3,
      context: 'serviceability',
      data: {
        OTP_Verification: true,
        referenceId: 'ref-1',
        address: ALMANZA_HOUSE,
        journey_path: '/serviceability/filloutdetail',
      },
    });
    expect(getSession()).toMatchObject({ token: 'token-1', userId: 'user-1', mobileId: MSISDN });
    expect(getCookie('token')).toBe('token-1');
    expect(getCookie('account')).toBe('account-1');
    expect(readAuthFlow()).toBeNull();
  });

  it("shows the server's common-PIN refusal on the PIN field", async () => {
    const { code, status, message } = ERRORS.auth.PIN_TOO_COMMON;
    authApi({ [LOGIN_PATH]: () => failure('auth', code, message, status) });
    storeVerifiedSignUp();
    await renderAt('/serviceability/nominateyourpin');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Maria');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Santos');
    await typePins(NEW_PIN, NEW_PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(messageOf(pinInput())).toBe(message));
  });

  it('takes a signed-in customer who came back to it forward, not to the start', async () => {
    authApi({ [CLIENT_STORAGE_GET_PATH]: () => ok({ result_set: [] }) });
    setCookie('token', 'token-3');
    setSession({ token: 'token-3', userId: 'user-3', mobileId: MSISDN });
    await renderAt('/serviceability/nominateyourpin');
    expect(screen.getByRole('button', { name: 'Continue my order' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Enter my mobile number' })).toBeNull();
  });

  it('sends to the start without a verified number', async () => {
    authApi();
    await renderAt('/serviceability/nominateyourpin');
    expect(screen.getByRole('link', { name: 'Enter my mobile number' })).toBeTruthy();
    expect(screen.queryByLabelText(/^PIN/)).toBeNull();
  });
});

describe('nominateyourpin after a reset code (forgot PIN)', () => {
  it('resets the PIN with the code and the hashed new PIN, then shows pinchanged', async () => {
    const { calls } = authApi({ [VERIFY_CHALLENGE_PATH]: () => ok({ pin_changed: true }) });
    storeTypedResetCode();
    const router = await renderAt('/serviceability/nominateyourpin');
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    await typePins(NEW_PIN, NEW_PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Save my new PIN' }));
    await screen.findByRole('heading', { level: 1, name: 'PIN changed' });
    expect(router.state.location.pathname).toBe('/serviceability/pinchanged');
    expect(calls.find((call) => call.path === VERIFY_CHALLENGE_PATH)?.body).toEqual({
      challenge_type: 0,
      context_type: 4,
      msisdn: MSISDN,
      challenge_id: 'challenge-1',
      otp_code: '482913',
      new_secret: await hashPin(MSISDN, NEW_PIN),
      operator_name: OPERATOR,
      application_id: APPLICATION_ID,
    });
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href'),
    ).toBe('/serviceability/signin');
    expect(screen.getByText('0917 123 4567')).toBeTruthy();
  });

  it('leaves Confirm PIN quiet on the way to it', async () => {
    authApi();
    storeTypedResetCode();
    await renderAt('/serviceability/nominateyourpin');
    await userEvent.type(pinInput(), NEW_PIN);
    await userEvent.tab();
    expect(document.activeElement).toBe(confirmPinInput());
    await waitFor(() => expect(pinInput().getAttribute('aria-invalid')).toBeNull());
    expect(messageOf(confirmPinInput())).toBeNull();
  });

  it('goes back to the code, saying why, when verify_challenge refuses it', async () => {
    const { code, status, message } = ERRORS.otp.OTP_INVALID;
    authApi({
      [VERIFY_CHALLENGE_PATH]: () => failure('otp', code, message, status, { attempts_left: 2 }),
    });
    storeTypedResetCode();
    const router = await renderAt('/serviceability/nominateyourpin');
    await typePins(NEW_PIN, NEW_PIN);
    await userEvent.click(screen.getByRole('button', { name: 'Save my new PIN' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your mobile number' });
    expect(router.state.location.pathname).toBe('/serviceability/checkotp');
    const codeField = screen.getByRole('textbox', { name: '6-digit code' });
    expect(messageOf(codeField)).toBe('That code is not right. 2 tries left.');
  });
});
