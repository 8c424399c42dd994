import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADD_ACCOUNT_PATH } from '@konek/contract/add-account';
import { DEFAULT_OPERATOR_NAME } from '@konek/contract/constants';
import { GET_ACCOUNT_PATH } from '@konek/contract/get-account';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post, signUp, type Customer } from '../../test/accounts';

let testApp: TestApp;
let customer: Customer;
beforeAll(async () => {
  testApp = await createTestApp();
  customer = await signUp(testApp.app);
});
afterAll(() => testApp.close());

const addAccount = (targetId: string, providerId = DEFAULT_OPERATOR_NAME) =>
  post(
    testApp.app,
    ADD_ACCOUNT_PATH,
    { account_properties: { provider_id: providerId }, target_id: targetId, target_type: 3 },
    customer.token,
  );

it("answers the caller's account", async () => {
  const reply = await post(
    testApp.app,
    GET_ACCOUNT_PATH,
    { target_id: customer.accountId, target_type: 2 },
    customer.token,
  );
  expect(reply.json()).toEqual({
    code: 0,
    module: 'user',
    message: 'OK',
    account_info: {
      account_id: customer.accountId,
      user_id: customer.userId,
      provider_id: DEFAULT_OPERATOR_NAME,
      msisdn: customer.msisdn,
      addresses: {},
      created_at: expect.any(String),
    },
  });
});

it('add_account answers the one account per operator, however often it is called', async () => {
  for (let call = 0; call < 2; call++) {
    const reply = await addAccount(customer.userId);
    expect(reply.json()).toEqual({
      code: 0,
      module: 'user',
      message: 'OK',
      account_id: customer.accountId,
    });
  }
});

it('add_account refuses another operator and another user', async () => {
  const otherOperator = await addAccount(customer.userId, 'another-operator');
  expect(otherOperator.statusCode).toBe(400);
  expect(otherOperator.json().message).toBe(
    'account_properties.provider_id: the operator here is "konek".',
  );
  const other = await signUp(testApp.app);
  expect((await addAccount(other.userId)).statusCode).toBe(403);
});
