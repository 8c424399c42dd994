import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createOtpPath } from '@konek/contract/create-otp';
import { ERRORS } from '@konek/contract/errors';
import { VERIFY_CHALLENGE_PATH } from '@konek/contract/verify-challenge';
import { verifyOtpPath } from '@konek/contract/verify-otp';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { setCookie } from '../../lib/cookies';
import { ok } from '../../lib/fake-api-for-tests';
import { setSession } from '../../lib/session';
import { readAuthFlow } from '../../features/auth/auth-flow-store';
import { MESSAGE_CODE_LENGTH } from '../../features/auth/auth-schemas';
import {
  MSISDN,
  OSS,
  authApi,
  failure,
  messageOf,
  storeFlow,
} from '../../features/auth/auth-fixtures-for-tests';
import { renderAt } from './render-at';

const codeField = () => screen.getByRole('textbox', { name: '6-digit code' });

function storeSentCode(resendInMs = 60_000, purpose: 'signup' | 'reset' = 'signup') {
  const now = Date.now();
  storeFlow({
    entry: 'serviceability',
    msisdn: MSISDN,
    code: { purpose, id: 'ref-1', resendAt: now + resendInMs, expiresAt: now + 300_000 },
  });
}

const { OTP_INVALID, OTP_EXPIRED, OTP_TOO_MANY_ATTEMPTS, OTP_RESEND_TOO_SOON, OTP_HOURLY_LIMIT } =
  ERRORS.otp;

const DAILY_LIMIT_MESSAGE =
  'You have asked for too many codes for this number today. Please try again later.';

afterEach(() => {
  vi.useRealTimers();
});

describe('enterotp (sign-up code)', () => {
  it('sends to the start when no code was sent in this tab', async () => {
    authApi();
    await renderAt('/serviceability/enterotp');
    expect(screen.getByRole('link', { name: 'Enter my mobile number' }).getAttribute('href')).toBe(
      '/serviceability/entermobile',
    );
  });

  it('takes a signed-in customer who came back to it forward, not to the start', async () => {
    authApi({ [CLIENT_STORAGE_GET_PATH]: () => ok({ result_set: [] }) });
    setCookie('token', 'token-3');
    setSession({ token: 'token-3', userId: 'user-3', mobileId: MSISDN });
    await renderAt('/serviceability/enterotp');
    expect(screen.getByRole('button', { name: 'Continue my order' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Enter my mobile number' })).toBeNull();
  });

  it('checks the length on blur', async () => {
    authApi();
    storeSentCode();
    await renderAt('/serviceability/enterotp');
    await userEvent.type(codeField(), '123');
    await userEvent.tab();
    await waitFor(() => expect(messageOf(codeField())).toBe(MESSAGE_CODE_LENGTH));
  });

  it('checks a complete code at once and goes on to nominate the PIN', async () => {
    const { calls } = authApi({
      [verifyOtpPath(OSS)]: () => ok({ reference_id: 'ref-1', verified: true }),
    });
    storeSentCode();
    const router = await renderAt('/serviceability/enterotp');
    await userEvent.type(codeField(), '482913');
    await screen.findByRole('heading', { level: 1, name: 'Nominate your PIN' });
    expect(router.state.location.pathname).toBe('/serviceability/nominateyourpin');
    expect(calls.find((call) => call.path === verifyOtpPath(OSS))?.body).toEqual({
      msisdn: MSISDN,
      code: '482913',
      reference_id: 'ref-1',
    });
    expect(readAuthFlow()?.verifiedReferenceId).toBe('ref-1');
  });

  it('says a wrong code is not right, with the tries left', async () => {
    authApi({
      [verifyOtpPath(OSS)]: () =>
        failure('otp', OTP_INVALID.code, OTP_INVALID.message, OTP_INVALID.status, {
          attempts_left: 4,
        }),
    });
    storeSentCode();
    await renderAt('/serviceability/enterotp');
    await userEvent.type(codeField(), '000000');
    await waitFor(() =>
      expect(messageOf(codeField())).toBe('That code is not right. 4 tries left.'),
    );
  });

  it('sends one verify when Verify is tapped right after the sixth digit', async () => {
    const user = userEvent.setup();
    const { calls } = authApi({
      [verifyOtpPath(OSS)]: () =>
        failure('otp', OTP_INVALID.code, OTP_INVALID.message, OTP_INVALID.status, {
          attempts_left: 4,
        }),
    });
    storeSentCode();
    await renderAt('/serviceability/enterotp');
    await user.type(codeField(), '48291');
    // The sixth digit sends the code at once; the tap follows before the answer is back.
    await user.type(codeField(), '3');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(messageOf(codeField())).toBe('That code is not right. 4 tries left.'),
    );
    const verifies = () => calls.filter((call) => call.path === verifyOtpPath(OSS));
    expect(verifies()).toHaveLength(1);
    // Tapping Verify again on the code already refused spends no other try.
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.keyboard('{Enter}');
    expect(verifies()).toHaveLength(1);
    expect(messageOf(codeField())).toBe('That code is not right. 4 tries left.');
    // A code typed anew is checked again.
    await user.clear(codeField());
    await user.type(codeField(), '482914');
    await waitFor(() => expect(verifies()).toHaveLength(2));
  });

  it('sends the same code again after a failure that was not its own (no answer)', async () => {
    const user = userEvent.setup();
    let answers = 0;
    const { calls } = authApi({
      [verifyOtpPath(OSS)]: () =>
        ++answers === 1
          ? failure('common', 8, "Konek can't reach its database just now.", 503)
          : ok({ reference_id: 'ref-1', verified: true }),
    });
    storeSentCode();
    await renderAt('/serviceability/enterotp');
    await user.type(codeField(), '482913');
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Nominate your PIN' });
    expect(calls.filter((call) => call.path === verifyOtpPath(OSS))).toHaveLength(2);
  });

  it.each([
    ['expired', OTP_EXPIRED],
    ['used up by wrong tries', OTP_TOO_MANY_ATTEMPTS],
  ])('an %s code cannot be typed again: a new one is offered', async (_case, error) => {
    authApi({
      [verifyOtpPath(OSS)]: () => failure('otp', error.code, error.message, error.status),
    });
    storeSentCode(0);
    await renderAt('/serviceability/enterotp');
    await userEvent.type(codeField(), '000000');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(error.message);
    expect(codeField()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();
  });

  it('counts down to resending, then sends a new code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { calls } = authApi({
      [createOtpPath(OSS)]: () =>
        ok({ reference_id: 'ref-2', expires_in_seconds: 300, resend_after_seconds: 60 }),
    });
    storeSentCode(60_000);
    await renderAt('/serviceability/enterotp');
    const countdown = () => screen.getByTestId('resend-countdown').textContent;
    expect(countdown()).toBe('1:00');
    act(() => vi.advanceTimersByTime(1000));
    expect(countdown()).toBe('0:59');
    act(() => vi.advanceTimersByTime(59_000));
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect(screen.getByText('You can ask for a new code now.')).toBeTruthy();
    await userEvent.click(resend);
    await screen.findByText('We sent a new code to 0917 123 4567.');
    expect(calls.filter((call) => call.path === createOtpPath(OSS))).toHaveLength(1);
    expect(readAuthFlow()?.code?.id).toBe('ref-2');
    expect(countdown()).toBe('1:00');
  });

  it('says how long to wait when a new code is asked for too soon', async () => {
    const message = 'Please wait 42 seconds before asking for a new code.';
    authApi({
      [createOtpPath(OSS)]: () =>
        failure('otp', OTP_RESEND_TOO_SOON.code, message, OTP_RESEND_TOO_SOON.status, {
          retry_after_seconds: 42,
        }),
    });
    storeSentCode(0);
    await renderAt('/serviceability/enterotp');
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByTestId('resend-countdown').textContent).toMatch(/^0:4[12]$/);
  });

  it('holds the resend button back until the daily code limit frees up, and says when', async () => {
    authApi({
      [createOtpPath(OSS)]: () =>
        failure('otp', OTP_HOURLY_LIMIT.code, DAILY_LIMIT_MESSAGE, OTP_HOURLY_LIMIT.status, {
          retry_after_seconds: 3 * 3600 - 100,
        }),
    });
    storeSentCode(0);
    await renderAt('/serviceability/enterotp');
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${DAILY_LIMIT_MESSAGE} You can try again in 3 hours.`,
    );
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
  });
});

describe('checkotp (reset code)', () => {
  it('confirms the code with verify_challenge before the new PIN is asked for', async () => {
    const { calls } = authApi({ [VERIFY_CHALLENGE_PATH]: () => ok({ pin_changed: false }) });
    storeSentCode(60_000, 'reset');
    const router = await renderAt('/serviceability/checkotp');
    await userEvent.type(codeField(), '482913');
    await screen.findByRole('heading', { level: 1, name: 'Nominate your PIN' });
    expect(router.state.location.pathname).toBe('/serviceability/nominateyourpin');
    expect(readAuthFlow()?.resetCode).toBe('482913');
    const checked = calls.find((call) => call.path === VERIFY_CHALLENGE_PATH)?.body;
    expect(checked).toMatchObject({ otp_code: '482913', challenge_type: 0, context_type: 4 });
    // Only the code: no new PIN is sent, so nothing is changed yet.
    expect(checked).not.toHaveProperty('new_secret');
    expect(calls.some((call) => call.path === verifyOtpPath(OSS))).toBe(false);
  });

  it('refuses a wrong code here, before any new PIN is typed', async () => {
    const { code, status, message } = ERRORS.otp.OTP_INVALID;
    authApi({
      [VERIFY_CHALLENGE_PATH]: () => failure('otp', code, message, status, { attempts_left: 4 }),
    });
    storeSentCode(60_000, 'reset');
    const router = await renderAt('/serviceability/checkotp');
    await userEvent.type(codeField(), '000000');
    await waitFor(() =>
      expect(messageOf(codeField())).toBe('That code is not right. 4 tries left.'),
    );
    expect(router.state.location.pathname).toBe('/serviceability/checkotp');
    expect(screen.queryByRole('heading', { level: 1, name: 'Nominate your PIN' })).toBeNull();
    expect(readAuthFlow()?.resetCode).toBeUndefined();
  });
});
