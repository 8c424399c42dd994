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

describe('the area as product §7.1 names it (ADR 081)', () => {
  /** The spec's parts: no barangay_code, the area as the client names it. */
  const specParts = (area: { province: string; city: string; barangay: string }) => {
    const parts: Record<string, unknown> = { ...houseParts(almanzaUno, LAS_PINAS), ...area };
    delete parts['barangay_code'];
    return parts;
  };
  const listed = {
    province: 'Metro Manila',
    city: 'Las Piñas City',
    barangay: 'Almanza Uno',
    barangay_code: '',
  };

  beforeAll(() => {
    listed.barangay_code = almanzaUno.address_code;
  });

  it.each([
    ['names as the lists spell them', { ...listed }],
    [
      'names without accents, in another case, spaced apart',
      { province: 'METRO MANILA', city: 'las pinas city', barangay: ' Almanza  Uno ' },
    ],
    ['PSGC codes', { province: '1300000000', city: LAS_PINAS.code, barangay: '' }],
  ])('finds the barangay from %s, and keeps the names the lists give', async (_case, area) => {
    const someone = await signUp(testApp.app);
    const named = { ...area, barangay: area.barangay || almanzaUno.address_code };
    const reply = await add(someone, specParts(named));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().address.parts).toMatchObject(listed);
    expect((await list(someone)).json().addresses[0].parts).toMatchObject(listed);
  });

  it('takes barangay_code beside the names when it is theirs, and refuses it when not', async () => {
    const someone = await signUp(testApp.app);
    const ok = await add(someone, { ...specParts(listed), barangay_code: almanzaUno.address_code });
    expect(ok.statusCode, ok.body).toBe(200);
    const talonUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Talon Uno');
    const other = await add(someone, {
      ...specParts(listed),
      barangay_code: talonUno.address_code,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 2,
      module: 'addressbook',
      field: 'parts.barangay_code',
    });
    expect(other.json().message).toMatch(/^parts\.barangay_code: \d+ is not the code of/);
  });

  it.each([
    ['province', { ...listed, province: 'Metro Manilla' }, 'parts.province'],
    ['city', { ...listed, city: 'Las Pinas' }, 'parts.city'],
    ['city of another province', { ...listed, city: 'Baguio City' }, 'parts.city'],
    ['barangay', { ...listed, barangay: 'Almanza Tres' }, 'parts.barangay'],
    ['city code of another province', { ...listed, city: '1430300000' }, 'parts.city'],
  ])('refuses an unknown %s with a 400 naming the field', async (_case, area, field) => {
    const reply = await add(customer, specParts(area));
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json()).toMatchObject({ code: 2, module: 'addressbook', field });
    expect(reply.json().message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: no `));
  });

  it("keeps no village for a building (reserve resource's list names one)", async () => {
    const someone = await signUp(testApp.app);
    const unit = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
    const { barangay_code: code, ...spec } = unit;
    const reply = await add(someone, { ...spec, village: 'none' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().address.parts).toEqual({ ...spec, barangay_code: code });
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
