import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADD_ACCOUNT_PATH } from '@konek/contract/add-account';
import {
  ADD_ADDRESS_PATH,
  GET_ADDRESSES_PATH,
  UPDATE_ADDRESS_PATH,
} from '@konek/contract/address-book';
import {
  GET_APPOINTMENTS_PATH,
  GET_AVAILABLE_TIME_SLOTS_PATH,
  RESERVE_APPOINTMENT_PATH,
  UPDATE_APPOINTMENT_PATH,
} from '@konek/contract/appointments';
import { CHECK_LOGIN_EXISTS_PATH } from '@konek/contract/check-login-exists';
import { CLIENT_STORAGE_ADD_PATH } from '@konek/contract/client-storage-add';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import {
  DEFAULT_APPLICATION_ID,
  DEFAULT_OPERATOR_NAME,
  DEFAULT_OSS_SEGMENT,
} from '@konek/contract/constants';
import { CREATE_CHALLENGE_PATH } from '@konek/contract/create-challenge';
import { createOtpPath } from '@konek/contract/create-otp';
import { emailValidationPath } from '@konek/contract/email-validation';
import { ERRORS } from '@konek/contract/errors';
import {
  SUBMIT_EVENTS_CLIENT_PATH,
  SUBMIT_EVENTS_UNREGISTERED_PATH,
} from '@konek/contract/event-constants';
import { FETCH_PAYMENT_SESSION_DATA_PATH } from '@konek/contract/fetch-payment-session-data';
import { GET_ACCOUNT_PATH } from '@konek/contract/get-account';
import { getAddressesPath } from '@konek/contract/get-addresses';
import { GET_BUILDING_LIST_PATH } from '@konek/contract/get-building-list';
import { GET_OFFERS_PATH } from '@konek/contract/get-offers';
import { getPrepaidAccountPath } from '@konek/contract/get-prepaid-account';
import { GET_REFERRAL_CODE_PATH } from '@konek/contract/get-referral-code';
import { GET_USER_PATH } from '@konek/contract/get-user';
import { LOGIN_PATH } from '@konek/contract/login';
import {
  CANCEL_ORDER_PATH,
  CREATE_ORDER_PATH,
  GET_ORDER_ENTITIES_PATH,
} from '@konek/contract/orders';
import { hashPin } from '@konek/contract/pin-hash';
import { PREVIEW_PRICING_PATH } from '@konek/contract/preview-pricing';
import { REFRESH_TOKEN_PATH } from '@konek/contract/refresh-token';
import { REMOTE_CONFIG_GET_PATH } from '@konek/contract/remote-config-get';
import { GET_RESOURCE_PATH, RESERVE_RESOURCE_PATH } from '@konek/contract/resource';
import { SERVICEABILITY_CHECK_PATH } from '@konek/contract/serviceability-check';
import { UPDATE_INFO_PATH } from '@konek/contract/update-info';
import { UPDATE_NOTIFICATION_INFO_PATH } from '@konek/contract/update-notification-info';
import { VALIDATE_REFERRAL_PATH } from '@konek/contract/validate-referral';
import { VERIFY_CHALLENGE_PATH } from '@konek/contract/verify-challenge';
import { verifyOtpPath } from '@konek/contract/verify-otp';
import { viewWorkOrderPath } from '@konek/contract/view-work-order';
import { GOOD_PIN, latestCode, post, randomMsisdn, signUp } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestClock, type TestClock } from '../test/test-clock';

// ADR 081: a client written from the spec's §7.1 alone can use the API. Every call of its table is sent
// a body built only from the spec's field list, with values a real client would have (the seeded lists,
// network, slots and offers), in the order of the journey — address, network, slot, order — and no
// reply may be a validation refusal. The journey's own steps must succeed.

/** product spec §7.1, each call by the name its table gives it. */
const SPEC_CALLS = [
  'get address info',
  'serviceability check',
  'building list',
  'unregistered (notify-me)',
  'get resource',
  'reserve resource',
  'get account (prepaid)',
  'get available timeslots',
  'validate referral',
  'reserve appointment',
  'update appointment',
  'get appointments',
  'create order',
  'cancel order',
  'fetch payment session data',
  'get order entities',
  'preview pricing',
  'view work order',
  'get offers',
  'get user',
  'get account (session)',
  'refresh token',
  'check exists',
  'register',
  'login',
  'get / add context',
  'remote config',
  'send OTP',
  'verify OTP',
  'create challenge',
  'verify challenge',
  'add address',
  'update address',
  'get address',
  'add account',
  'update info',
  'update notification info',
  'email verify',
  'analytics events',
] as const;
type SpecCall = (typeof SPEC_CALLS)[number];

const VALIDATION = ERRORS.common.VALIDATION_FAILED;

let testApp: TestApp;
let clock: TestClock;
beforeAll(async () => {
  clock = createTestClock();
  testApp = await createTestApp({}, { clock });
});
afterAll(() => testApp.close());

const sent = new Set<SpecCall>();

/** Sends a spec-only body; any reply but a validation refusal is the call accepting it. */
async function spec(
  call: SpecCall,
  path: string,
  body: object | undefined,
  token?: string,
): Promise<LightMyRequestResponse> {
  sent.add(call);
  const reply = await post(testApp.app, path, body, token);
  const answer: unknown = reply.json();
  const isValidationRefusal =
    reply.statusCode === VALIDATION.status &&
    typeof answer === 'object' &&
    answer !== null &&
    'module' in answer &&
    'code' in answer &&
    answer.module === 'common' &&
    answer.code === VALIDATION.code;
  expect(isValidationRefusal, `${call} ${path}: ${reply.body}`).toBe(false);
  expect(reply.statusCode, `${call} ${path}: ${reply.body}`).toBeLessThan(500);
  return reply;
}

/** A step of the journey: accepted and done. */
async function step(
  call: SpecCall,
  path: string,
  body: object | undefined,
  token?: string,
): Promise<Record<string, unknown>> {
  const reply = await spec(call, path, body, token);
  expect(reply.statusCode, `${call} ${path}: ${reply.body}`).toBe(200);
  return reply.json();
}

type ListEntry = { address_name: string; address_code: string };
const named = (list: unknown, name: string): ListEntry => {
  const found = (list as ListEntry[]).find((entry) => entry.address_name === name);
  if (!found) throw new Error(`no ${name} in the list`);
  return found;
};

it('accepts every §7.1 call with the spec fields alone, from the address to the order', async () => {
  const oss = DEFAULT_OSS_SEGMENT;
  const application_id = DEFAULT_APPLICATION_ID;
  const operator_name = DEFAULT_OPERATOR_NAME;

  // The address, as the check-address screen finds it in the lists.
  const lists = getAddressesPath(oss);
  const provinces = await step('get address info', lists, { address_type: 'province' });
  const metroManila = named(provinces.result, 'Metro Manila');
  const cities = await step('get address info', lists, {
    address_type: 'city',
    address_code: metroManila.address_code,
  });
  const lasPinas = named(cities.result, 'Las Piñas City');
  const barangays = await step('get address info', lists, {
    address_type: 'barangay',
    address_code: lasPinas.address_code,
  });
  const almanzaUno = named(barangays.result, 'Almanza Uno');
  const detail = (
    await step('get address info', lists, {
      address_type: 'barangay',
      address_code: almanzaUno.address_code,
    })
  ).result as { zip_code: string; region_description: string; latitude: number; longitude: number };
  const point = { latitude: detail.latitude, longitude: detail.longitude };

  const check = await step('serviceability check', SERVICEABILITY_CHECK_PATH, point);
  expect(check.result).toMatchObject({ serviceable: true });
  await step('serviceability check', SERVICEABILITY_CHECK_PATH, { ...point, floor: '5' });
  await step('building list', GET_BUILDING_LIST_PATH, {
    operator_name,
    barangay: almanzaUno.address_code,
    city: lasPinas.address_code,
    province: metroManila.address_code,
  });
  await step('building list', GET_BUILDING_LIST_PATH, {
    operator_name,
    barangay: 'Almanza Uno',
    city: 'Las Pinas City',
    province: 'Metro Manila',
  });
  await step('get offers', GET_OFFERS_PATH, { ids: ['konek-prepaid-50'], operator_name });
  await step('get offers', GET_OFFERS_PATH, {
    addressbook_id: lasPinas.address_code,
    operator_name,
  });
  await step('remote config', REMOTE_CONFIG_GET_PATH, {
    keys: ['payment_method'],
    application_id,
  });
  const now = clock.now().getTime();
  const visit = {
    day: new Date(now).toISOString().slice(0, 10),
    epoch_millis: now,
    page_location: 'https://konek.example/serviceability/checkaddress',
    device: 'mobile',
    browser: 'Chrome',
    resolution: '390x844',
  };
  await step('unregistered (notify-me)', SUBMIT_EVENTS_UNREGISTERED_PATH, {
    application_id,
    events: [
      {
        operator_id: operator_name,
        epoch_millis: now,
        day: visit.day,
        id_type: 101,
        id_value: 'juan.delacruz@gmail.com',
        event_type: 'nonserviceable_address',
        first_name: 'Juan',
        middle_name: 'Reyes',
        last_name: 'Dela Cruz',
        suffix: 'Jr.',
        msisdn: '639171234567',
        address_type: 'House',
        province: 'Benguet',
        city: 'Baguio City',
        barangay: 'Session Road Area',
        house_number: '7',
        street: 'Session Road',
        village: 'none',
        latitude: 16.4116,
        longitude: 120.5989,
        floor: '',
        unit_number: '',
        building_name: '',
        page_location: visit.page_location,
      },
    ],
  });
  await step('analytics events', SUBMIT_EVENTS_UNREGISTERED_PATH, {
    application_id,
    events: [
      { ...visit, id_type: 100, event_type: 'page_view' },
      { ...visit, id_type: 100, event_type: 'page_click' },
    ],
  });

  // The number, the account and the session.
  const msisdn = randomMsisdn();
  const local = msisdn.slice(2);
  await step('check exists', CHECK_LOGIN_EXISTS_PATH, {
    application_id,
    login_id: msisdn,
    login_type: 2,
  });
  const otp = await step('send OTP', createOtpPath(oss), { msisdn });
  const reference_id = String(otp.reference_id);
  await step('verify OTP', verifyOtpPath(oss), {
    msisdn,
    code: await latestCode(testApp.app, msisdn),
    reference_id,
  });
  await spec('get account (prepaid)', getPrepaidAccountPath(oss), { msisdn: local, reference_id });
  const registered = await step('register', LOGIN_PATH, {
    application_id,
    login_id: msisdn,
    user_properties: { last_name: 'Santos', first_name: 'Maria' },
    login_type: 2,
    login_secret: await hashPin(msisdn, GOOD_PIN),
  });
  const signedIn = await step('login', LOGIN_PATH, {
    application_id,
    login_id: msisdn,
    login_type: 2,
    login_secret: await hashPin(msisdn, GOOD_PIN),
  });
  let token = String(signedIn.api_token);
  const refreshed = await step('refresh token', REFRESH_TOKEN_PATH, undefined, token);
  token = String(refreshed.api_token);
  const user = { target_id: String(registered.user_id), target_type: 3 };
  const account = { target_id: String(registered.account_id), target_type: 2 };

  await step('get user', GET_USER_PATH, user, token);
  await step('get account (session)', GET_ACCOUNT_PATH, account, token);
  await step(
    'add account',
    ADD_ACCOUNT_PATH,
    { account_properties: { provider_id: operator_name }, ...user },
    token,
  );
  await step(
    'get / add context',
    CLIENT_STORAGE_ADD_PATH,
    { ...user, context: 'prepaid', data: { OTP_Verification: true, referenceId: reference_id } },
    token,
  );
  await step('get / add context', CLIENT_STORAGE_GET_PATH, { ...user, context: 'prepaid' }, token);
  await step('get offers', GET_OFFERS_PATH, account, token);
  await step(
    'analytics events',
    SUBMIT_EVENTS_CLIENT_PATH,
    {
      ...user,
      events: [
        { ...visit, id_type: 3, event_type: 'page_view' },
        { ...visit, id_type: 3, event_type: 'page_click' },
      ],
    },
    token,
  );

  // The details step (product spec §4.3): info, email, address, network.
  await step(
    'update info',
    UPDATE_INFO_PATH,
    {
      first_name: 'Maria',
      last_name: 'Santos',
      phone: msisdn,
      suffix: 'None',
      ...user,
      alternate_contact: { first_name: 'Jose', last_name: 'Santos', phone_number: '639181234567' },
    },
    token,
  );
  await step('email verify', emailValidationPath(oss), { email: 'maria.santos@gmail.com' }, token);
  await step(
    'update notification info',
    UPDATE_NOTIFICATION_INFO_PATH,
    {
      ...user,
      notification_identifier: 'maria.santos@gmail.com',
      notification_identifier_type: 'email',
    },
    token,
  );
  const parts = {
    province: 'Metro Manila',
    city: 'Las Piñas City',
    barangay: 'Almanza Uno',
    zip_code: detail.zip_code,
    latitude: detail.latitude,
    longitude: detail.longitude,
    region_description: detail.region_description,
    house_number: '12',
    street: 'Mabini Street',
    village: 'none',
    landmark: 'Across the chapel',
  };
  const added = await step('add address', ADD_ADDRESS_PATH, { parts, type: 4, ...account }, token);
  const addressId = (added.address as { id: string }).id;
  await step(
    'update address',
    UPDATE_ADDRESS_PATH,
    { parts, type: 4, ...account, id: addressId, hierarchy: 1 },
    token,
  );
  await step('get address', GET_ADDRESSES_PATH, { address_type: 4, ...account }, token);
  await step('get resource', GET_RESOURCE_PATH, account, token);
  const reserved = await step(
    'reserve resource',
    RESERVE_RESOURCE_PATH,
    { ...account, address: parts, customer: { first_name: 'Maria', last_name: 'Santos' } },
    token,
  );
  const resource = reserved.resource as {
    external_order_id: string;
    external_order_action_id: string;
  };

  // The schedule step: a slot as the list gives it (start and end), then another.
  const slots = (
    await step('get available timeslots', GET_AVAILABLE_TIME_SLOTS_PATH, account, token)
  ).time_slots as Record<string, { start_time: string; end_time: string }>;
  const [first, second] = Object.values(slots);
  expect(second, 'two free slots').toBeDefined();
  const booked = await step(
    'reserve appointment',
    RESERVE_APPOINTMENT_PATH,
    { ...account, time_slot: { start_time: first!.start_time, end_time: first!.end_time } },
    token,
  );
  const appointment_id = (booked.appointment as { appointment_id: string }).appointment_id;
  await step(
    'get available timeslots',
    GET_AVAILABLE_TIME_SLOTS_PATH,
    { ...account, appointment_id },
    token,
  );
  await step(
    'update appointment',
    UPDATE_APPOINTMENT_PATH,
    {
      ...account,
      time_slot: { start_time: second!.start_time, end_time: second!.end_time },
      appointment_id,
      activity_type: 'Installation',
    },
    token,
  );
  await step('get appointments', GET_APPOINTMENTS_PATH, account, token);

  // The payment step: a friend's referral code, the price, the order.
  const friend = await signUp(testApp.app);
  // Konek's own call, only to learn a real referral code to type.
  const friendCode: string = (
    await post(
      testApp.app,
      GET_REFERRAL_CODE_PATH,
      { target_id: friend.accountId, target_type: 2 },
      friend.token,
    )
  ).json().referral_code;
  await step(
    'validate referral',
    VALIDATE_REFERRAL_PATH,
    { referral_code: friendCode, ...account, operator_name },
    token,
  );
  const entity_ids = [{ id: 'konek-prepaid-50', type: 'offer', quantity: 1 }];
  await step(
    'preview pricing',
    PREVIEW_PRICING_PATH,
    { voucher_codes: ['KONEK10'], ...account, operator_name, entity_ids },
    token,
  );
  const created = await step(
    'create order',
    CREATE_ORDER_PATH,
    {
      ...account,
      unified_fiber_creation: true,
      external_order_id: resource.external_order_id,
      external_order_action_id: resource.external_order_action_id,
      appointment_id,
      entity_ids,
      payment_method: 1,
      referral_code: friendCode,
      utm_source: 'facebook',
      utm_medium: 'social',
      voucher_codes: ['KONEK10'],
    },
    token,
  );
  const order = created.order as { order_id: string };
  await step(
    'fetch payment session data',
    FETCH_PAYMENT_SESSION_DATA_PATH,
    { payment_session_id: String(created.payment_session_id), application_id },
    token,
  );
  await step('get order entities', GET_ORDER_ENTITIES_PATH, account, token);
  await step(
    'get order entities',
    GET_ORDER_ENTITIES_PATH,
    { ...account, order_ids: [order.order_id] },
    token,
  );
  await spec(
    'view work order',
    viewWorkOrderPath(oss),
    { order_action_id: resource.external_order_action_id },
    token,
  );
  await step('cancel order', CANCEL_ORDER_PATH, { ...account, order_id: order.order_id }, token);

  // The PIN reset, last: it ends the sessions. Its code comes once the sign-up code may be resent.
  clock.advance(2 * 60_000);
  const challenge = await step('create challenge', CREATE_CHALLENGE_PATH, {
    msisdn,
    application_id,
    context_type: 4,
    challenge_type: 0,
  });
  await step('verify challenge', VERIFY_CHALLENGE_PATH, {
    challenge_type: 0,
    context_type: 4,
    msisdn,
    challenge_id: String(challenge.challenge_id),
    otp_code: await latestCode(testApp.app, msisdn),
    new_secret: await hashPin(msisdn, '735102'),
    operator_name,
    application_id,
  });

  expect([...sent].sort()).toEqual([...SPEC_CALLS].sort());
}, 60_000);
