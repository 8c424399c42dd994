import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADD_ADDRESS_PATH,
  GET_ADDRESSES_PATH,
  UPDATE_ADDRESS_PATH,
} from '@konek/contract/address-book';
import { GET_ACCOUNT_PATH } from '@konek/contract/get-account';
import type { TBarangayDetail } from '@konek/contract/get-addresses';
import { createTestApp, type TestApp } from '../../test/test-app';
import { post, signUp, type Customer } from '../../test/accounts';
import { barangayDetail, buildingParts, houseParts, LAS_PINAS } from '../../test/journey';

let testApp: TestApp;
let customer: Customer;
let almanzaUno: TBarangayDetail;
beforeAll(async () => {
  testApp = await createTestApp();
  customer = await signUp(testApp.app);
  almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
});
afterAll(() => testApp.close());

const add = (who: Customer, parts: object, targetId = who.accountId) =>
  post(
    testApp.app,
    ADD_ADDRESS_PATH,
    { parts, type: 4, target_id: targetId, target_type: 2 },
    who.token,
  );

const update = (who: Customer, id: string, parts: object, targetId = who.accountId) =>
  post(
    testApp.app,
    UPDATE_ADDRESS_PATH,
    { parts, type: 4, id, hierarchy: 1, target_id: targetId, target_type: 2 },
    who.token,
  );

const list = (who: Customer, targetId = who.accountId) =>
  post(
    testApp.app,
    GET_ADDRESSES_PATH,
    { address_type: 4, target_id: targetId, target_type: 2 },
    who.token,
  );

describe('add_address', () => {
  it('saves the installation address and answers it with its id', async () => {
    const someone = await signUp(testApp.app);
    const parts = houseParts(almanzaUno, LAS_PINAS, { street: 'Rizal &amp; Mabini' });
    const reply = await add(someone, parts);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      code: 0,
      module: 'user',
      message: 'OK',
      address: {
        id: expect.any(String),
        type: 4,
        parts,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    const addresses = (await list(someone)).json().addresses;
    expect(addresses).toEqual([reply.json().address]);
  });

  it('answers the same address, updated, however often it is called (a retry makes no second)', async () => {
    const someone = await signUp(testApp.app);
    const first = (await add(someone, houseParts(almanzaUno, LAS_PINAS))).json().address;
    const again = await add(someone, houseParts(almanzaUno, LAS_PINAS, { house_number: '14' }));
    expect(again.json().address).toMatchObject({
      id: first.id,
      created_at: first.created_at,
      parts: { house_number: '14' },
    });
    const concurrent = await Promise.all(
      Array.from({ length: 8 }, () => add(someone, houseParts(almanzaUno, LAS_PINAS))),
    );
    expect(new Set(concurrent.map((reply) => reply.json().address.id))).toEqual(
      new Set([first.id]),
    );
    expect((await list(someone)).json().addresses).toHaveLength(1);
  });

  it('makes one address when the first two calls race on a new account', async () => {
    const someone = await signUp(testApp.app);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => add(someone, houseParts(almanzaUno, LAS_PINAS))),
    );
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    expect(new Set(replies.map((reply) => reply.json().address.id)).size).toBe(1);
  });

  it('keeps a building unit as sent', async () => {
    const someone = await signUp(testApp.app);
    const parts = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
    const reply = await add(someone, parts);
    expect(reply.json().address.parts).toEqual(parts);
  });

  it('refuses a barangay code the geography does not have', async () => {
    const reply = await add(
      customer,
      houseParts(almanzaUno, LAS_PINAS, { barangay_code: '1399999999' }),
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      code: 2,
      module: 'addressbook',
      field: 'parts.barangay_code',
    });
  });

  it('refuses bad parts with the field named', async () => {
    const reply = await add(customer, houseParts(almanzaUno, LAS_PINAS, { house_number: ' 12' }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(
      "parts.house_number: Please don't enter space at the beginning and end.",
    );
  });

  it("refuses another user's account", async () => {
    const other = await signUp(testApp.app);
    const reply = await add(customer, houseParts(almanzaUno, LAS_PINAS), other.accountId);
    expect(reply.statusCode).toBe(403);
    expect((await list(other)).json().addresses).toEqual([]);
  });
});

describe('update_address', () => {
  it('updates the address of that id, safely repeated', async () => {
    const someone = await signUp(testApp.app);
    const saved = (await add(someone, houseParts(almanzaUno, LAS_PINAS))).json().address;
    const parts = houseParts(almanzaUno, LAS_PINAS, {
      village: 'BF Homes',
      landmark: 'Near the chapel',
    });
    for (let attempt = 0; attempt < 2; attempt++) {
      const reply = await update(someone, saved.id, parts);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().address).toMatchObject({ id: saved.id, parts });
    }
    expect((await list(someone)).json().addresses).toHaveLength(1);
  });

  it("answers ADDRESS_NOT_FOUND for an id that is not the account's", async () => {
    const owner = await signUp(testApp.app);
    const theirs = (await add(owner, houseParts(almanzaUno, LAS_PINAS))).json().address;
    const someone = await signUp(testApp.app);
    for (const id of [theirs.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const reply = await update(someone, id, houseParts(almanzaUno, LAS_PINAS));
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ code: 1, module: 'addressbook', field: 'id' });
    }
    const unchanged = (await list(owner)).json().addresses[0];
    expect(unchanged).toEqual(theirs);
  });

  it("refuses another user's account as the target", async () => {
    const owner = await signUp(testApp.app);
    const theirs = (await add(owner, houseParts(almanzaUno, LAS_PINAS))).json().address;
    const reply = await update(
      customer,
      theirs.id,
      houseParts(almanzaUno, LAS_PINAS),
      owner.accountId,
    );
    expect(reply.statusCode).toBe(403);
  });
});

describe('get_account', () => {
  it('lists the saved addresses by id, each with its type', async () => {
    const someone = await signUp(testApp.app);
    const saved = (await add(someone, houseParts(almanzaUno, LAS_PINAS))).json().address;
    const reply = await post(
      testApp.app,
      GET_ACCOUNT_PATH,
      { target_id: someone.accountId, target_type: 2 },
      someone.token,
    );
    expect(reply.json().account_info.addresses).toEqual({ [saved.id]: saved });
  });
});

describe('get_addresses', () => {
  it("refuses another user's account", async () => {
    const other = await signUp(testApp.app);
    expect((await list(customer, other.accountId)).statusCode).toBe(403);
  });
});
