import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHECK_LOGIN_EXISTS_PATH } from '@konek/contract/check-login-exists';
import { createOtpPath } from '@konek/contract/create-otp';
import { ERRORS } from '@konek/contract/errors';
import { MESSAGE_DIGITS_ONLY, MESSAGE_MOBILE, MESSAGE_REQUIRED } from '@konek/contract/validation';
import { ok } from '../../lib/fake-api-for-tests';
import { prefillState } from '../../lib/session-prefill';
import { readAuthFlow } from '../../features/auth/auth-flow-store';
import {
  APPLICATION_ID,
  LOCAL_NUMBER,
  MSISDN,
  OSS,
  authApi,
  failure,
  messageOf,
  storeCheckedAddress,
} from '../../features/auth/auth-fixtures-for-tests';
import { renderAt } from './render-at';

const mobileField = () => screen.getByRole('textbox', { name: 'Mobile number' });

describe('entermobile', () => {
  // Creating an account starts from an address fibre was found to reach (lib/coverage.ts).
  beforeEach(() => storeCheckedAddress());

  it.each([
    ['917123', MESSAGE_MOBILE],
    ['917 12a 45', MESSAGE_DIGITS_ONLY],
    ['8171234567', MESSAGE_MOBILE],
  ])('tells %j on blur: %s', async (typed, message) => {
    authApi();
    await renderAt('/serviceability/entermobile');
    await userEvent.type(mobileField(), typed);
    await userEvent.tab();
    await waitFor(() => expect(messageOf(mobileField())).toBe(message));
  });

  it.each(['0917 123 4567', '09171234567', '+63 917 123 4567', '917-123-4567'])(
    'takes %j as typed, whole, and asks about 639171234567',
    async (typed) => {
      const { calls } = authApi({ [CHECK_LOGIN_EXISTS_PATH]: () => ok({ exists: true }) });
      await renderAt('/serviceability/entermobile');
      await userEvent.type(mobileField(), typed);
      expect(mobileField()).toHaveProperty('value', typed);
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await screen.findByRole('heading', { level: 1, name: 'Sign in' });
      expect(calls.find((call) => call.path === CHECK_LOGIN_EXISTS_PATH)?.body).toEqual({
        application_id: APPLICATION_ID,
        login_id: MSISDN,
        login_type: 2,
      });
    },
  );

  it('asks for the number when Continue is pressed without one', async () => {
    const { calls } = authApi();
    await renderAt('/serviceability/entermobile');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(messageOf(mobileField())).toBe(MESSAGE_REQUIRED));
    expect(calls.some((call) => call.path === CHECK_LOGIN_EXISTS_PATH)).toBe(false);
  });

  it('sends a registered number to sign in, keeping the number', async () => {
    const { calls } = authApi({ [CHECK_LOGIN_EXISTS_PATH]: () => ok({ exists: true }) });
    const router = await renderAt('/serviceability/entermobile');
    await userEvent.type(mobileField(), LOCAL_NUMBER);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/serviceability/signin');
    expect(calls.find((call) => call.path === CHECK_LOGIN_EXISTS_PATH)?.body).toEqual({
      application_id: APPLICATION_ID,
      login_id: MSISDN,
      login_type: 2,
    });
    expect(mobileField()).toHaveProperty('value', LOCAL_NUMBER);
  });

  it('texts a new number a code and goes to enterotp, keeping what a refresh needs', async () => {
    const { calls } = authApi({
      [CHECK_LOGIN_EXISTS_PATH]: () => ok({ exists: false }),
      [createOtpPath(OSS)]: () =>
        ok({ reference_id: 'ref-1', expires_in_seconds: 300, resend_after_seconds: 60 }),
    });
    const router = await renderAt('/serviceability/entermobile');
    // A number pasted the way people write it lands as the field's 10 digits.
    await userEvent.click(mobileField());
    await userEvent.paste('+63 917 123 4567');
    expect(mobileField()).toHaveProperty('value', LOCAL_NUMBER);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Enter the code we sent you' });
    expect(router.state.location.pathname).toBe('/serviceability/enterotp');
    expect(calls.find((call) => call.path === createOtpPath(OSS))?.body).toEqual({
      msisdn: MSISDN,
    });
    expect(readAuthFlow()).toMatchObject({
      entry: 'serviceability',
      msisdn: MSISDN,
      code: { purpose: 'signup', id: 'ref-1' },
    });
    expect(screen.getByText('0917 123 4567')).toBeTruthy();
  });

  it('says when the hourly code limit is reached, with the wait', async () => {
    const { code, status, message } = ERRORS.otp.OTP_HOURLY_LIMIT;
    authApi({
      [CHECK_LOGIN_EXISTS_PATH]: () => ok({ exists: false }),
      [createOtpPath(OSS)]: () =>
        failure('otp', code, message, status, { retry_after_seconds: 1500 }),
    });
    await renderAt('/serviceability/entermobile');
    await userEvent.type(mobileField(), LOCAL_NUMBER);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${message} You can try again in 25 minutes.`,
    );
  });

  it('signup: a number that has an account signs in, and is told so', async () => {
    authApi({ [CHECK_LOGIN_EXISTS_PATH]: () => ok({ exists: true }) });
    await renderAt('/serviceability/signup');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create your account');
    await userEvent.type(mobileField(), LOCAL_NUMBER);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.getByRole('status').textContent).toContain(
      'This number already has an account. Sign in with your PIN.',
    );
  });

  it('pcp/entermobile: a partner link pre-fills the number, and the flow stays under /pcp', async () => {
    authApi({ [CHECK_LOGIN_EXISTS_PATH]: () => ok({ exists: true }) });
    const router = await renderAt('/serviceability/pcp/entermobile', prefillState(MSISDN));
    expect(mobileField()).toHaveProperty('value', LOCAL_NUMBER);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/serviceability/pcp/signin');
  });
});
