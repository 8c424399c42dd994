import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_OSS_SEGMENT } from '@konek/contract/constants';
import { createOtpPath } from '@konek/contract/create-otp';
import { getPrepaidAccountPath } from '@konek/contract/get-prepaid-account';
import { stripMobilePrefix } from '@konek/contract/msisdn';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { post, randomMsisdn, verifyNumber } from '../../test/accounts';
import { formatBirthday } from './service';

const clock = createTestClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const DEMO_MSISDN = '639171234567';

const getProfile = (msisdn: string, referenceId: string) =>
  post(testApp.app, getPrepaidAccountPath(DEFAULT_OSS_SEGMENT), {
    msisdn: stripMobilePrefix(msisdn),
    reference_id: referenceId,
  });

it('answers the subscriber profile for a reference_id verified for the number', async () => {
  const referenceId = await verifyNumber(testApp.app, DEMO_MSISDN);
  const reply = await getProfile(DEMO_MSISDN, referenceId);
  expect(reply.statusCode).toBe(200);
  expect(reply.json()).toEqual({
    code: 0,
    module: 'subscriber',
    message: 'OK',
    result: {
      first_name: 'Maria Clara',
      middle_name: 'Dela Cruz',
      last_name: 'Santos',
      gender: 'Female',
      birthday: '14/02/1990',
      email: 'maria.santos@example.com',
      mother_maiden_name: 'Reyes',
    },
  });

  // 30 minutes later the reference no longer opens the profile.
  clock.advance(30 * 60 * 1000 + 1000);
  expect((await getProfile(DEMO_MSISDN, referenceId)).json()).toMatchObject({ code: 1 });
});

it('refuses without a verified code: unverified, another number, or made up', async () => {
  clock.advance(61_000);
  const sent = await post(testApp.app, createOtpPath(DEFAULT_OSS_SEGMENT), { msisdn: DEMO_MSISDN });
  const unverified = await getProfile(DEMO_MSISDN, sent.json().reference_id);
  expect(unverified.statusCode).toBe(403);
  expect(unverified.json()).toEqual({
    code: 1,
    module: 'subscriber',
    message: 'Please verify your mobile number with a code first.',
  });
  const othersReference = await verifyNumber(testApp.app, randomMsisdn());
  expect((await getProfile(DEMO_MSISDN, othersReference)).statusCode).toBe(403);
  expect((await getProfile(DEMO_MSISDN, 'made-up')).statusCode).toBe(403);
});

it('answers 404 for a verified number the operator has no profile of', async () => {
  const msisdn = randomMsisdn();
  const reply = await getProfile(msisdn, await verifyNumber(testApp.app, msisdn));
  expect(reply.statusCode).toBe(404);
  expect(reply.json()).toMatchObject({ code: 2, module: 'subscriber' });
});

it('takes the number without the 63 prefix', async () => {
  const reply = await post(testApp.app, getPrepaidAccountPath(DEFAULT_OSS_SEGMENT), {
    msisdn: DEMO_MSISDN,
    reference_id: 'x',
  });
  expect(reply.statusCode).toBe(400);
  expect(reply.json().message).toBe("msisdn: That's not a valid mobile number.");
});

it('shows birthdays as DD/MM/YYYY', () => {
  expect(formatBirthday('1985-09-03')).toBe('03/09/1985');
});
