import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GET_CONSENTS_PATH,
  PREPAID_TERMS_VERSION,
  PRIVACY_NOTICE_VERSION,
  RECORD_CONSENTS_PATH,
} from '@konek/contract/consents';
import { GET_USER_PATH } from '@konek/contract/get-user';
import { GET_PROFILE_PATH, UPDATE_INFO_PATH } from '@konek/contract/update-info';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock } from '../../test/test-clock';
import { post, signUp, type Customer } from '../../test/accounts';

const clock = createTestClock(new Date('2026-11-24T02:00:00Z'));
let testApp: TestApp;
let customer: Customer;
beforeAll(async () => {
  testApp = await createTestApp({}, { clock });
  customer = await signUp(testApp.app);
});
afterAll(() => testApp.close());

const REPRESENTATIVE = { first_name: 'Jose', last_name: 'Dela Cruz', phone_number: '639171234567' };

const updateInfo = (who: Customer, body: object, targetId = who.userId) =>
  post(
    testApp.app,
    UPDATE_INFO_PATH,
    {
      first_name: 'Maria Clara',
      last_name: 'Santos',
      phone: who.msisdn,
      target_id: targetId,
      target_type: 3,
      ...body,
    },
    who.token,
  );

const getUser = (who: Customer) =>
  post(testApp.app, GET_USER_PATH, { target_id: who.userId, target_type: 3 }, who.token);

describe('update_info', () => {
  it('saves the name, suffix and representative; the header greets the new name', async () => {
    const someone = await signUp(testApp.app);
    const body = { suffix: 'Jr.', alternate_contact: REPRESENTATIVE };
    for (let attempt = 0; attempt < 2; attempt++) {
      const reply = await updateInfo(someone, body);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toEqual({
        code: 0,
        module: 'user',
        message: 'OK',
        profile: {
          first_name: 'Maria Clara',
          last_name: 'Santos',
          suffix: 'Jr.',
          phone: someone.msisdn,
          alternate_contact: REPRESENTATIVE,
        },
      });
    }
    expect((await getUser(someone)).json().user_info.properties).toEqual({
      first_name: 'Maria Clara',
      last_name: 'Santos',
    });
  });

  it('get_profile answers what update_info saved (null before), for the caller only', async () => {
    const someone = await signUp(testApp.app);
    const read = (who: Customer, targetId = someone.userId) =>
      post(testApp.app, GET_PROFILE_PATH, { target_id: targetId, target_type: 3 }, who.token);
    expect((await read(someone)).json()).toEqual({
      code: 0,
      module: 'user',
      message: 'OK',
      profile: null,
    });
    const saved = await updateInfo(someone, { suffix: 'III', alternate_contact: REPRESENTATIVE });
    expect((await read(someone)).json().profile).toEqual(saved.json().profile);
    expect((await read(customer)).statusCode).toBe(403);
  });

  it('clears the representative when alternate_contact is null or absent', async () => {
    const someone = await signUp(testApp.app);
    await updateInfo(someone, { alternate_contact: REPRESENTATIVE });
    const cleared = await updateInfo(someone, { alternate_contact: null });
    expect(cleared.json().profile).toMatchObject({ alternate_contact: null, suffix: null });
    await updateInfo(someone, { alternate_contact: REPRESENTATIVE });
    const absent = await updateInfo(someone, {});
    expect(absent.json().profile.alternate_contact).toBeNull();
  });

  it("refuses a phone that is not the account's own number", async () => {
    const reply = await updateInfo(customer, { phone: '639170000000' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ field: 'phone', module: 'common', code: 1 });
  });

  it.each([
    [{ suffix: 'Esq.' }, 'suffix'],
    [{ first_name: 'Maria1' }, 'first_name: Special characters are not allowed.'],
    [{ last_name: ' Santos' }, "last_name: Please don't enter space at the beginning and end."],
    [
      { alternate_contact: { ...REPRESENTATIVE, phone_number: '09171234567' } },
      "alternate_contact.phone_number: That's not a valid mobile number.",
    ],
  ])('refuses %j naming the field', async (body, message) => {
    const reply = await updateInfo(customer, body);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toContain(message);
  });

  it("refuses another user's target", async () => {
    const other = await signUp(testApp.app);
    const reply = await updateInfo(customer, {}, other.userId);
    expect(reply.statusCode).toBe(403);
    expect((await getUser(other)).json().user_info.properties.first_name).toBe('Maria');
  });
});

describe('consents', () => {
  const record = (who: Customer, body: object, targetId = who.userId) =>
    post(
      testApp.app,
      RECORD_CONSENTS_PATH,
      {
        terms_version: PREPAID_TERMS_VERSION,
        privacy_notice_version: PRIVACY_NOTICE_VERSION,
        target_id: targetId,
        target_type: 3,
        ...body,
      },
      who.token,
    );
  const read = (who: Customer, targetId = who.userId) =>
    post(testApp.app, GET_CONSENTS_PATH, { target_id: targetId, target_type: 3 }, who.token);

  it('starts with nothing agreed', async () => {
    const someone = await signUp(testApp.app);
    expect((await read(someone)).json()).toMatchObject({ consents: [], history: [] });
  });

  it('stores each decision with the versions shown and the time; sharing can be withdrawn', async () => {
    const someone = await signUp(testApp.app);
    const given = await record(someone, { prepaid_terms: true, information_sharing: true });
    expect(given.statusCode, given.body).toBe(200);
    const givenAt = clock.now().toISOString();
    const versions = {
      terms_version: PREPAID_TERMS_VERSION,
      privacy_notice_version: PRIVACY_NOTICE_VERSION,
    };
    expect(given.json().consents).toEqual([
      { kind: 'prepaid_terms', granted: true, ...versions, recorded_at: givenAt },
      { kind: 'information_sharing', granted: true, ...versions, recorded_at: givenAt },
    ]);

    clock.advance(60_000);
    const withdrawn = await record(someone, { information_sharing: false });
    const withdrawnAt = clock.now().toISOString();
    const state = (await read(someone)).json();
    expect(withdrawn.json().consents).toEqual(state.consents);
    expect(state.consents).toEqual([
      { kind: 'prepaid_terms', granted: true, ...versions, recorded_at: givenAt },
      { kind: 'information_sharing', granted: false, ...versions, recorded_at: withdrawnAt },
    ]);
    // Append-only: the withdrawal is a new row; what was given before is still there.
    expect(state.history.map((entry: { kind: string; granted: boolean }) => entry.granted)).toEqual(
      [false, true, true],
    );
  });

  it('records a repeated decision once (a retry adds nothing)', async () => {
    const someone = await signUp(testApp.app);
    await Promise.all(Array.from({ length: 5 }, () => record(someone, { prepaid_terms: true })));
    expect((await read(someone)).json().history).toHaveLength(1);
  });

  it.each([
    [{ prepaid_terms: true, terms_version: '2025-01-01' }, 'terms_version'],
    [{ prepaid_terms: true, privacy_notice_version: '2025-01-01' }, 'privacy_notice_version'],
    [{ prepaid_terms: false }, 'prepaid_terms'],
    [{}, 'body'],
  ])('refuses %j naming %s', async (body, field) => {
    const reply = await record(customer, body);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message.startsWith(`${field}:`)).toBe(true);
  });

  it("refuses another user's target", async () => {
    const other = await signUp(testApp.app);
    expect((await record(customer, { prepaid_terms: true }, other.userId)).statusCode).toBe(403);
    expect((await read(customer, other.userId)).statusCode).toBe(403);
    expect((await read(other)).json().history).toEqual([]);
  });
});
