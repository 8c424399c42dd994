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
import { CLIENT_STORAGE_ADD_PATH } from '@konek/contract/client-storage-add';
import { CLIENT_STORAGE_GET_PATH } from '@konek/contract/client-storage-get';
import { GET_CONSENTS_PATH, RECORD_CONSENTS_PATH } from '@konek/contract/consents';
import { GET_USER_PATH, type TUserInfo } from '@konek/contract/get-user';
import { GET_RESOURCE_PATH, RESERVE_RESOURCE_PATH, type TResource } from '@konek/contract/resource';
import { GET_PROFILE_PATH, UPDATE_INFO_PATH } from '@konek/contract/update-info';
import { UPDATE_NOTIFICATION_INFO_PATH } from '@konek/contract/update-notification-info';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import type { TStoredJourney } from '@konek/contract/journey-context';
import { setCookie } from './cookies';
import { ok, stubApi, type FakeHandler } from './fake-api-for-tests';
import { ADDRESS_STORAGE_KEY, saveCheckedOutcome, type TCheckedAddress } from './journey-store';
import { setSession } from './session';

// Test support for the details and schedule steps: a signed-in customer with a confirmed address, and a
// fake API that answers the journey's calls the way the contract describes them. A test overrides the
// handlers it is about.

export const OSS = 'konek';
export const USER_ID = 'user-1';
export const ACCOUNT_ID = 'account-1';
export const MSISDN = '639171234567';

export const EMAIL_VALIDATION_PATH = `/api/v3/${OSS}/email_validation`;
export const PREPAID_ACCOUNT_PATH = `/api/v3/${OSS}/get_account`;

export const HOUSE: TCheckedAddress = {
  radioTypeValue: 'House',
  area: {
    province: { address_name: 'Metro Manila', address_code: '1300000000' },
    city: { address_name: 'City of Las Piñas', address_code: '1380100000' },
    barangay: { address_name: 'Almanza Uno', address_code: '1380100001' },
    zipCode: '1750',
  },
  house: { houseNo: '12', street: 'Rizal & Mabini St.', village: '' },
  condominium: { buildingName: '', street: '', floor: '', unitNo: '' },
  searchResult: { lat: 14.45056, lng: 120.98278, details: 'Almanza Uno, Las Piñas' },
  landmark: '',
  regionDescription: 'National Capital Region (NCR)',
  pilot: true,
};

export const CONDOMINIUM: TCheckedAddress = {
  ...HOUSE,
  radioTypeValue: 'Condominium',
  house: { houseNo: '', street: '', village: '' },
  condominium: {
    buildingName: 'Avida Towers',
    street: 'Alabang-Zapote Road',
    floor: '12/F',
    unitNo: '12-B',
  },
  landmark: '',
};

export const USER: TUserInfo = {
  user_id: USER_ID,
  msisdns: [MSISDN],
  properties: { first_name: 'Ana', last_name: 'Reyes' },
  notification_identifiers: [{ identifier_type: 'email', identifier: 'ana.reyes@example.com' }],
  account_ids: [ACCOUNT_ID],
  created_at: '2026-11-01T00:00:00.000Z',
};

export const RESOURCE: TResource = {
  external_order_id: 'EO-1',
  external_order_action_id: 'EOA-1',
  external_appointment_id: null,
  served_by: 'nap',
  expires_at: '2026-11-26T00:00:00.000Z',
  address_id: 'address-1',
};

/** Manila times as the server writes them (UTC): 09:00–12:00 is 01:00–04:00Z, 14:00–17:00 is 06:00–09:00Z. */
export function slotsFor(days: readonly { date: string; am?: boolean; pm?: boolean }[]) {
  const slots: Record<string, { start_time: string; end_time: string }> = {};
  for (const { date, am = true, pm = true } of days) {
    if (am)
      slots[`${date}-am`] = { start_time: `${date}T01:00:00Z`, end_time: `${date}T04:00:00Z` };
    if (pm)
      slots[`${date}-pm`] = { start_time: `${date}T06:00:00Z`, end_time: `${date}T09:00:00Z` };
  }
  return slots;
}

export const SLOTS = slotsFor([
  { date: '2026-12-01' },
  { date: '2026-12-02', am: false },
  { date: '2026-12-04', pm: false },
]);

/** A signed-in customer (token, user, account and number) whose address fibre reaches now. */
export function signInCustomer(
  address: TCheckedAddress = HOUSE,
  journey: TStoredJourney = {},
): void {
  setCookie('token', 'token-1');
  setCookie('user', USER_ID);
  setCookie('account', ACCOUNT_ID);
  setCookie('mobile', MSISDN);
  setSession({
    token: 'token-1',
    userId: USER_ID,
    accountId: ACCOUNT_ID,
    mobileId: MSISDN,
    user: USER,
    journey,
  });
  storeConfirmedAddress(address);
}

export function storeConfirmedAddress(address: TCheckedAddress): void {
  window.localStorage.setItem(ADDRESS_STORAGE_KEY, JSON.stringify(address));
  saveCheckedOutcome({
    address,
    result: {
      serviceable: true,
      qualification_result: 'qualified',
      served_by: 'nap',
      unavailability_reason: null,
      alternate_proposal: null,
      distance_meters: 40,
    },
    checkedAt: Date.now(),
  });
}

const SAVED_ADDRESS = {
  id: 'address-1',
  type: 4,
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
};

/** The journey's calls answering as a healthy server would; `overrides` replace any of them. */
export function journeyApi(overrides: Record<string, FakeHandler> = {}) {
  return stubApi({
    [WEB_CONFIG_PATH]: () =>
      ok({
        map_tile_url: '',
        map_tile_attribution: '',
        oss_segment: OSS,
        operator_name: 'konek-operator',
        application_id: 'konek-web-test',
        site_links: {},
        dpo_name: '',
        dpo_email: '',
      }),
    [GET_USER_PATH]: () => ok({ user_info: USER }),
    [CLIENT_STORAGE_GET_PATH]: () => ok({ result_set: [] }),
    [CLIENT_STORAGE_ADD_PATH]: (body) => {
      const { context, data } = body as { context: string; data: Record<string, unknown> };
      return ok({ result_set: [{ context, value: data, updated_at: '2026-11-24T00:00:00.000Z' }] });
    },
    [EMAIL_VALIDATION_PATH]: () =>
      ok({ result: { status: 'valid', sub_status: '', verified: true } }),
    [ADD_ADDRESS_PATH]: (body) =>
      ok({ address: { ...SAVED_ADDRESS, parts: (body as { parts: unknown }).parts } }),
    [UPDATE_ADDRESS_PATH]: (body) =>
      ok({ address: { ...SAVED_ADDRESS, parts: (body as { parts: unknown }).parts } }),
    [GET_ADDRESSES_PATH]: () => ok({ addresses: [] }),
    [UPDATE_INFO_PATH]: (body) => {
      const sent = body as Record<string, unknown>;
      return ok({
        profile: {
          first_name: sent['first_name'],
          last_name: sent['last_name'],
          suffix: sent['suffix'] ?? null,
          phone: sent['phone'],
          alternate_contact: sent['alternate_contact'] ?? null,
        },
      });
    },
    [GET_PROFILE_PATH]: () => ok({ profile: null }),
    [UPDATE_NOTIFICATION_INFO_PATH]: (body) =>
      ok({
        notification_identifier: (body as { notification_identifier: string })
          .notification_identifier,
        notification_identifier_type: 'email',
        verification: 'valid',
      }),
    [RECORD_CONSENTS_PATH]: () => ok({ consents: [], history: [] }),
    [GET_CONSENTS_PATH]: () => ok({ consents: [], history: [] }),
    [GET_RESOURCE_PATH]: () => ok({ resource: null }),
    [RESERVE_RESOURCE_PATH]: () => ok({ resource: RESOURCE }),
    [GET_AVAILABLE_TIME_SLOTS_PATH]: () => ok({ time_slots: SLOTS }),
    [GET_APPOINTMENTS_PATH]: () => ok({ appointments: [] }),
    [RESERVE_APPOINTMENT_PATH]: (body) => appointmentReply(body),
    [UPDATE_APPOINTMENT_PATH]: (body) => appointmentReply(body),
    ...overrides,
  });
}

function appointmentReply(body: unknown) {
  const { time_slot: timeSlot, appointment_id: appointmentId } = body as {
    time_slot: { id: string; start_time: string; end_time: string };
    appointment_id?: string;
  };
  return ok({
    reservation_id: 'reservation-1',
    appointment: {
      appointment_id: appointmentId ?? 'appointment-1',
      reservation_id: 'reservation-1',
      time_slot: timeSlot,
      activity_type: 'Installation',
      status: 'held',
      expires_at: '2026-11-25T00:00:00.000Z',
    },
  });
}

/** The bodies sent to `path`. */
export function bodiesSentTo(calls: readonly { path: string; body: unknown }[], path: string) {
  return calls.filter((entry) => entry.path === path).map((entry) => entry.body);
}
