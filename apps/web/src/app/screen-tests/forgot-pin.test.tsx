import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CREATE_CHALLENGE_PATH } from '@konek/contract/create-challenge';
import { ERRORS } from '@konek/contract/errors';
import { ok } from '../../lib/fake-api-for-tests';
import { readAuthFlow } from '../../features/auth/auth-flow-store';
import {
  APPLICATION_ID,
  LOCAL_NUMBER,
  MSISDN,
  authApi,
  failure,
  storeFlow,
} from '../../features/auth/auth-fixtures-for-tests';
import { renderAt } from './render-at';

const mobileField = () => screen.getByRole('textbox', { name: 'Mobile number' });

describe('forgotPin', () => {
  it('texts a reset code to the number and goes to checkotp', async () => {
    const { calls } = authApi({
      [CREATE_CHALLENGE_PATH]: () =>
        ok({ challenge_id: 'challenge-1', expires_in_seconds: 300, resend_after_seconds: 60 }),
    });
    storeFlow({ entry: 'partner', msisdn: MSISDN });
    const router = await renderAt('/serviceability/forgotPin');
    expect(mobileField()).toHaveProperty('value', LOCAL_NUMBER);
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your mobile number' });
    expect(router.state.location.pathname).toBe('/serviceability/checkotp');
    expect(calls.find((call) => call.path === CREATE_CHALLENGE_PATH)?.body).toEqual({
      msisdn: MSISDN,
      application_id: APPLICATION_ID,
      context_type: 4,
      challenge_type: 0,
    });
    // A customer who came from a partner link signs in on /pcp again afterwards.
    expect(readAuthFlow()).toMatchObject({
      entry: 'partner',
      code: { purpose: 'reset', id: 'challenge-1' },
    });
  });

  it('offers sign-up for a number without an account', async () => {
    const { code, status, message } = ERRORS.auth.LOGIN_NOT_FOUND;
    authApi({ [CREATE_CHALLENGE_PATH]: () => failure('auth', code, message, status) });
    await renderAt('/serviceability/forgotPin');
    await userEvent.type(mobileField(), LOCAL_NUMBER);
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/serviceability/signup',
    );
  });

  it('says how long to wait when a code was sent moments ago', async () => {
    const { code, status } = ERRORS.otp.OTP_RESEND_TOO_SOON;
    const message = 'Please wait 37 seconds before asking for a new code.';
    authApi({
      [CREATE_CHALLENGE_PATH]: () =>
        failure('otp', code, message, status, { retry_after_seconds: 37 }),
    });
    await renderAt('/serviceability/forgotPin');
    await userEvent.type(mobileField(), LOCAL_NUMBER);
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});
