import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_STORAGE_ADD_PATH } from '@konek/contract/client-storage-add';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { JOURNEY_CONTEXT_NAME, type TJourneyContext } from '@konek/contract/journey-context';
import { LOGIN_PATH } from '@konek/contract/login';
import { createTestApp, type TestApp } from '../../test/test-app';
import { GOOD_PIN, loginPayload, post, signUp, type Customer } from '../../test/accounts';

let testApp: TestApp;
let customer: Customer;
beforeAll(async () => {
  testApp = await createTestApp();
  customer = await signUp(testApp.app);
});
afterAll(() => testApp.close());

const getContext = (token: string, targetId = customer.userId, context = JOURNEY_CONTEXT_NAME) =>
  post(
    testApp.app,
    CLIENT_STORAGE_GET_PATH,
    { target_id: targetId, target_type: 3, context },
    token,
  );

const addContext = (token: string, data: object, targetId = customer.userId) =>
  post(
    testApp.app,
    CLIENT_STORAGE_ADD_PATH,
    { target_id: targetId, target_type: 3, context: JOURNEY_CONTEXT_NAME, data },
    token,
  );

const journey: TJourneyContext = {
  OTP_Verification: true,
  order_Create: false,
  appointment_booking: false,
  referenceId: 'ref-1',
  address: { area: { province: { address_name: 'Metro Manila', address_code: '1300000000' } } },
};

it('answers an empty result_set before anything is stored', async () => {
  const reply = await getContext(customer.token);
  expect(reply.json()).toEqual({ code: 0, module: 'clientstorage', message: 'OK', result_set: [] });
});

it('round-trips the context, and another device signed in as the same user reads it', async () => {
  const added = await addContext(customer.token, journey);
  expect(added.statusCode).toBe(200);
  expect(added.json().result_set).toEqual([
    { context: JOURNEY_CONTEXT_NAME, value: journey, updated_at: expect.any(String) },
  ]);

  const otherDevice = await post(
    testApp.app,
    LOGIN_PATH,
    await loginPayload(customer.msisdn, GOOD_PIN),
  );
  const read = await getContext(otherDevice.json().api_token);
  expect(read.json().result_set[0].value).toEqual(journey);
});

it('replaces the whole context on add (product §4.1: register clears it and saves it)', async () => {
  await addContext(customer.token, journey);
  await addContext(customer.token, { OTP_Verification: false });
  const read = await getContext(customer.token);
  expect(read.json().result_set[0].value).toEqual({ OTP_Verification: false });
});

it("refuses another user's context (403) and a caller without a token (401)", async () => {
  const other = await signUp(testApp.app);
  expect((await getContext(customer.token, other.userId)).statusCode).toBe(403);
  expect((await addContext(customer.token, journey, other.userId)).statusCode).toBe(403);
  const anonymous = await testApp.app.inject({
    method: 'POST',
    url: CLIENT_STORAGE_GET_PATH,
    payload: { target_id: customer.userId, target_type: 3, context: JOURNEY_CONTEXT_NAME },
  });
  expect(anonymous.statusCode).toBe(401);
});

it('refuses a context name or data the store does not take', async () => {
  const badName = await getContext(customer.token, customer.userId, 'no spaces please');
  expect(badName.statusCode).toBe(400);
  expect(badName.json().message).toBe('context: must be 1–64 letters, digits, _, . or -');
  const tooLarge = await addContext(customer.token, { blob: 'x'.repeat(17 * 1024) });
  expect(tooLarge.statusCode).toBe(400);
  expect(tooLarge.json().message).toBe('data: must be at most 16384 bytes of JSON');
  const notAnObject = await addContext(customer.token, ['a list']);
  expect(notAnObject.statusCode).toBe(400);
});
