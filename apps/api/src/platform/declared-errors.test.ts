/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { callPath, errorDefinition, type AnyCall, type ErrorKey } from '@konek/contract/call';

// ADR 081: what each handler can refuse with, and the check that its call description lists it (the
// OpenAPI document at /api/docs is made from the descriptions). The table is what the API tests and the
// fuzz test were seen to produce, run with every DomainError recorded, and what reading each handler's
// service finds beside that (marked "read"). While the API tests run, a refusal a description leaves out
// is answered as a failure (platform/error-handler.ts), so a new refusal reached by a test fails there
// first; this table keeps the ones no test reaches in view. A new call needs its row here.

const REFUSALS: Record<string, readonly ErrorKey[]> = {
  'GET /api/health': ['common.SERVICE_UNAVAILABLE'], // read: the database down
  'GET /api/web-config': [],
  // read: local-only (ADR 019) answers 404 to another machine.
  'GET /sandbox/outbox': ['common.VALIDATION_FAILED', 'common.NOT_FOUND'],
  // ADR 092: the dispatchers' installation calendar.
  'POST /api/ops/calendar': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/calendar/blocks': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/calendar/blocks/add': [
    'common.UNAUTHENTICATED',
    'ops.ROLE_NOT_ALLOWED',
    'ops.DAY_IN_THE_PAST',
    'ops.PERIOD_STARTED',
    'ops.WORK_ZONE_NOT_FOUND',
    'ops.PERIOD_ALREADY_BLOCKED',
  ],
  'POST /api/ops/calendar/blocks/preview': [
    'common.UNAUTHENTICATED',
    'ops.ROLE_NOT_ALLOWED',
    'ops.DAY_IN_THE_PAST',
    'ops.PERIOD_STARTED',
    'ops.WORK_ZONE_NOT_FOUND',
    'ops.PERIOD_ALREADY_BLOCKED',
  ],
  'POST /api/ops/calendar/blocks/remove': [
    'common.UNAUTHENTICATED',
    'ops.ROLE_NOT_ALLOWED',
    'ops.BLOCK_NOT_FOUND',
  ],
  // ADR 092: the crews' plans.
  'POST /api/ops/calendar/crew_plans': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/calendar/crew_plans/set': [
    'common.UNAUTHENTICATED',
    'ops.ROLE_NOT_ALLOWED',
    'ops.WORK_ZONE_NOT_FOUND',
  ],
  'POST /api/ops/calendar/day_places/set': [
    'common.UNAUTHENTICATED',
    'ops.ROLE_NOT_ALLOWED',
    'ops.WORK_ZONE_NOT_FOUND',
    'ops.DAY_OUTSIDE_CALENDAR',
    'ops.DAY_IS_CLOSED',
    'ops.PERIOD_IS_BLOCKED',
  ],
  // ADR 083: the days a dispatcher closes to installations.
  'POST /api/ops/closed_days': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/closed_days/add': [
    'common.UNAUTHENTICATED',
    'ops.ROLE_NOT_ALLOWED',
    'ops.DAY_IN_THE_PAST',
    'ops.DAY_ALREADY_CLOSED',
    'ops.DAY_HAS_BOOKINGS',
  ],
  'POST /api/ops/closed_days/remove': [
    'common.UNAUTHENTICATED',
    'ops.ROLE_NOT_ALLOWED',
    'ops.DAY_NOT_CLOSED',
    'ops.DAY_CLOSED_BY_LAW',
  ],
  // ADR 090: the network planner's NAP file (a file too large is common.PAYLOAD_TOO_LARGE, naming content).
  'POST /api/ops/coverage/naps/apply': [
    'common.PAYLOAD_TOO_LARGE',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'coverage.FILE_HAS_ERRORS',
    'ops.ROLE_NOT_ALLOWED',
  ],
  'POST /api/ops/coverage/naps/export': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/coverage/naps/preview': [
    'common.PAYLOAD_TOO_LARGE',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'ops.ROLE_NOT_ALLOWED',
  ],
  // ADR 090 (the map and in-place edits).
  'POST /api/ops/coverage/network': [
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'ops.ROLE_NOT_ALLOWED',
  ],
  'POST /api/ops/coverage/naps/edit': [
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'ops.ROLE_NOT_ALLOWED',
    'coverage.NAP_NOT_FOUND',
  ],
  // ADR 095: the demand map and its CSV.
  'POST /api/ops/coverage/demand': [
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'ops.ROLE_NOT_ALLOWED',
  ],
  'POST /api/ops/coverage/demand/export': [
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'ops.ROLE_NOT_ALLOWED',
  ],
  // ADR 094: the coverage-arrival alerts (the planner's counts and retry, the messages' links).
  'POST /api/ops/coverage/alerts': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/coverage/alerts/retry': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/coverage/buildings/edit': [
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'ops.ROLE_NOT_ALLOWED',
    'coverage.BUILDING_NOT_FOUND',
  ],
  'POST /api/ops/login': ['ops.ACCOUNT_LOCKED', 'ops.INVALID_CREDENTIALS'],
  // ADR 091: marketing's offers, vouchers and referral rules.
  'POST /api/ops/offers': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/offers/create': [
    'common.UNAUTHENTICATED',
    'ops.ROLE_NOT_ALLOWED',
    'ops.OFFER_ID_TAKEN',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/ops/offers/edit': [
    'ops.ROLE_NOT_ALLOWED',
    'ops.OFFER_RETIRED',
    // read: an id no offer has.
    'ops.OFFER_NOT_FOUND',
  ],
  'POST /api/ops/offers/publish': [
    'ops.ROLE_NOT_ALLOWED',
    'ops.OFFER_ALREADY_PUBLISHED',
    'ops.OFFER_RETIRED',
    'ops.OFFER_NOT_FOUND',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/ops/offers/retire': [
    'ops.ROLE_NOT_ALLOWED',
    'ops.OFFER_NOT_FOUND',
    'ops.OFFER_RETIRED',
  ],
  'POST /api/ops/vouchers': ['ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/vouchers/create': [
    'ops.ROLE_NOT_ALLOWED',
    'ops.VOUCHER_CODE_TAKEN',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/ops/vouchers/edit': [
    'ops.ROLE_NOT_ALLOWED',
    'ops.VOUCHER_RETIRED',
    'common.VALIDATION_FAILED',
    // read: a code no voucher has.
    'ops.VOUCHER_NOT_FOUND',
  ],
  'POST /api/ops/vouchers/retire': [
    'ops.ROLE_NOT_ALLOWED',
    'ops.VOUCHER_RETIRED',
    'ops.VOUCHER_NOT_FOUND',
  ],
  'POST /api/ops/referral_rules': ['ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/funnel': [
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'ops.ROLE_NOT_ALLOWED',
  ],
  'POST /api/ops/logout': ['common.UNAUTHENTICATED'],
  'POST /api/ops/me': ['common.UNAUTHENTICATED'],
  'POST /api/ops/payment_issues': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/support_requests': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/support_requests/close': [
    'common.SERVICE_UNAVAILABLE',
    'ops.ROLE_NOT_ALLOWED',
    'support.ALREADY_CLOSED',
    'support.REQUEST_NOT_FOUND',
  ],
  'POST /api/ops/technicians': ['ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/work_orders': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  // ADR 089: the admins' operators and the history of a record.
  'POST /api/ops/history': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/operators': ['common.UNAUTHENTICATED', 'ops.ROLE_NOT_ALLOWED'],
  'POST /api/ops/operators/add': [
    'common.UNAUTHENTICATED',
    'ops.ROLE_NOT_ALLOWED',
    'ops.USERNAME_TAKEN',
  ],
  'POST /api/ops/operators/disable': [
    'common.UNAUTHENTICATED',
    'ops.ROLE_NOT_ALLOWED',
    'ops.OPERATOR_NOT_FOUND',
    'ops.NOT_YOURSELF',
  ],
  'POST /api/ops/operators/set_role': [
    'common.UNAUTHENTICATED',
    'ops.ROLE_NOT_ALLOWED',
    'ops.OPERATOR_NOT_FOUND',
    'ops.NOT_YOURSELF',
  ],
  'POST /api/ops/work_orders/assign': [
    'appointments.INVALID_TIME_SLOT',
    'ops.NEW_TIME_NEEDED',
    'ops.NOT_A_TECHNICIAN',
    'ops.ROLE_NOT_ALLOWED',
    // read: the job's status, and update_appointment's refusals for a new time.
    'ops.TRANSITION_NOT_ALLOWED',
    'ops.WORK_ORDER_NOT_FOUND',
    'appointments.TIME_SLOT_NOT_FOUND',
    'appointments.NO_RESOURCE',
    'appointments.APPOINTMENT_NOT_FOUND',
  ],
  'POST /api/ops/work_orders/cancel': [
    'ops.ROLE_NOT_ALLOWED',
    'ops.TRANSITION_NOT_ALLOWED',
    // read: the orders module's cancel, its refund through the gateway.
    'ops.WORK_ORDER_NOT_FOUND',
    'order.ORDER_NOT_CANCELLABLE',
    'payment.PROVIDER_UNAVAILABLE',
    'payment.REFUND_REFUSED',
  ],
  'POST /api/ops/work_orders/move': [
    'ops.NOT_YOUR_JOB',
    'ops.ROLE_NOT_ALLOWED',
    'ops.TRANSITION_NOT_ALLOWED',
    'ops.WORK_ORDER_NOT_FOUND', // read
  ],
  'POST /api/ops/work_orders/position': [
    'ops.NOT_ON_THE_WAY',
    'ops.NOT_YOUR_JOB',
    'ops.ROLE_NOT_ALLOWED',
    'ops.WORK_ORDER_NOT_FOUND',
  ],
  'POST /api/ops/work_orders/set_status': [
    'ops.ROLE_NOT_ALLOWED',
    'ops.TRANSITION_NOT_ALLOWED',
    'ops.WORK_ORDER_NOT_FOUND',
  ],
  // read: get_available_time_slots for the job's booking.
  'POST /api/ops/work_orders/slots': [
    'ops.ROLE_NOT_ALLOWED',
    'ops.WORK_ORDER_NOT_FOUND',
    'appointments.NO_RESOURCE',
    'appointments.APPOINTMENT_NOT_FOUND',
  ],
  'POST /api/v3/appointmentv4/get_appointments': ['common.FORBIDDEN'],
  'POST /api/v3/appointmentv4/get_available_time_slots': [
    'appointments.APPOINTMENT_NOT_FOUND',
    'appointments.NO_RESOURCE',
    'common.FORBIDDEN',
  ],
  'POST /api/v3/appointmentv4/reserve_appointment': [
    'appointments.APPOINTMENT_NOT_CHANGEABLE',
    'appointments.INVALID_TIME_SLOT',
    'appointments.NO_RESOURCE',
    'appointments.TIME_SLOT_NOT_FOUND',
    'common.FORBIDDEN',
    'common.UNAUTHENTICATED',
    'appointments.APPOINTMENT_NOT_FOUND', // read: a paid booking moved as update_appointment moves it
  ],
  'POST /api/v3/appointmentv4/update_appointment': [
    'appointments.APPOINTMENT_NOT_CHANGEABLE',
    'appointments.APPOINTMENT_NOT_FOUND',
    'appointments.RESERVATION_EXPIRED',
    'appointments.TIME_SLOT_NOT_FOUND',
    'common.FORBIDDEN',
    'appointments.INVALID_TIME_SLOT', // read
    'appointments.NO_RESOURCE', // read
  ],
  'POST /api/v3/catalog/get_offers': [
    'catalog.ADDRESS_NOT_FOUND',
    'common.FORBIDDEN',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/v3/client_error/report': ['common.TOO_MANY_REQUESTS', 'common.VALIDATION_FAILED'],
  'POST /api/v3/clientstorage/add': [
    'clientstorage.TOO_MANY_CONTEXTS',
    'common.FORBIDDEN',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/v3/clientstorage/get': [
    'common.FORBIDDEN',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/v3/content/page_configs': ['common.VALIDATION_FAILED', 'content.PAGE_NOT_FOUND'],
  'POST /api/v3/event/submit/client': [
    'common.TOO_MANY_REQUESTS',
    'common.FORBIDDEN',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/v3/event/submit/unregistered': [
    'common.TOO_MANY_REQUESTS',
    'common.VALIDATION_FAILED',
  ],
  // read: a geocoding service that does not answer.
  'POST /api/v3/location/geocode/reverse': ['common.SERVICE_UNAVAILABLE'],
  'POST /api/v3/location/geocode/search': ['common.SERVICE_UNAVAILABLE'],
  // read: an area the lists do not have; the facility service's building lookup down.
  'POST /api/v3/location/get_building_list': [
    'addressbook.AREA_NOT_FOUND',
    'common.SERVICE_UNAVAILABLE',
  ],
  'POST /api/v3/location/serviceability_check': ['common.SERVICE_UNAVAILABLE'],
  'POST /api/v3/orderoe/cancel_order': [
    'order.ORDER_NOT_CANCELLABLE',
    'order.ORDER_NOT_FOUND',
    // read: the checkout closed, or the refund made, at the gateway.
    'payment.PROVIDER_UNAVAILABLE',
    'payment.REFUND_REFUSED',
  ],
  'POST /api/v3/orderoe/create_order': [
    'appointments.APPOINTMENT_NOT_FOUND',
    'common.FORBIDDEN',
    'order.ACCOUNT_ALREADY_HAVE_ORDER',
    'order.ORDER_DETAILS_MISMATCH',
    'order.PURCHASE_LIMIT_REACHED',
    // read: the pricing, the codes reserved, the hold, and the checkout started at the gateway.
    'appointments.RESERVATION_EXPIRED',
    'catalog.OFFER_NOT_FOUND',
    'vouchers.VOUCHER_NOT_FOUND',
    'vouchers.VOUCHER_EXPIRED',
    'vouchers.VOUCHER_NOT_YET_VALID',
    'vouchers.VOUCHER_USED_UP',
    'vouchers.VOUCHER_ALREADY_USED',
    'vouchers.VOUCHER_NOT_APPLICABLE',
    'referral.INVALID_REFERRAL_CODE',
    'referral.SELF_REFERRAL',
    'referral.ALREADY_REFERRED',
    'payment.PAYMENT_METHOD_NOT_OFFERED',
    'payment.AMOUNT_NOT_PAYABLE',
    'payment.PROVIDER_UNAVAILABLE',
  ],
  'POST /api/v3/orderoe/get_order_entities': ['common.FORBIDDEN'],
  'POST /api/v3/orderoe/preview_pricing': [
    'catalog.OFFER_NOT_FOUND',
    'common.FORBIDDEN',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'vouchers.VOUCHER_ALREADY_USED',
    'vouchers.VOUCHER_EXPIRED',
    'vouchers.VOUCHER_NOT_APPLICABLE',
    'vouchers.VOUCHER_NOT_FOUND',
    'vouchers.VOUCHER_NOT_YET_VALID',
    'vouchers.VOUCHER_USED_UP',
  ],
  // read: local-only (ADR 019).
  'POST /api/v3/partner/build_link': ['common.VALIDATION_FAILED', 'common.NOT_FOUND'],
  'POST /api/v3/partner/open_link': [
    'common.VALIDATION_FAILED',
    'partner.LINK_EXPIRED',
    'partner.LINK_INVALID',
  ],
  'POST /api/v3/payment/fetch_payment_session_data': [
    'common.UNAUTHENTICATED',
    'payment.PAYMENT_SESSION_NOT_FOUND',
  ],
  'POST /api/v3/referral/get_my_code': ['common.FORBIDDEN', 'common.UNAUTHENTICATED'],
  'POST /api/v3/referral/validate_referral': [
    'common.FORBIDDEN',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'referral.ALREADY_REFERRED',
    'referral.INVALID_REFERRAL_CODE',
    'referral.SELF_REFERRAL',
  ],
  'POST /api/v3/remote_config/get': ['common.VALIDATION_FAILED'],
  'POST /api/v3/resource/get': ['common.FORBIDDEN'],
  'POST /api/v3/resource/reserve': [
    'common.FORBIDDEN',
    'resource.ADDRESS_CHANGED',
    'resource.ADDRESS_NOT_SAVED',
    'resource.NOT_SERVICEABLE',
    'resource.NO_FREE_PORT',
    'addressbook.AREA_NOT_FOUND',
    'common.SERVICE_UNAVAILABLE',
  ],
  'POST /api/v3/support/submit_request': [
    'common.FORBIDDEN',
    'common.TOO_MANY_REQUESTS',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/v3/user/add_account': [
    'common.FORBIDDEN',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/v3/user/add_address': ['addressbook.AREA_NOT_FOUND', 'common.FORBIDDEN'],
  'POST /api/v3/user/check_login_exists': ['common.TOO_MANY_REQUESTS', 'common.VALIDATION_FAILED'],
  'POST /api/v3/user/create_challenge': [
    'auth.LOGIN_NOT_FOUND',
    'common.TOO_MANY_REQUESTS',
    'common.VALIDATION_FAILED',
    'otp.OTP_RESEND_TOO_SOON',
    // read: the code's SMS budgets, as create_otp's.
    'otp.OTP_HOURLY_LIMIT',
    'common.SERVICE_UNAVAILABLE',
  ],
  'POST /api/v3/user/get_account': [
    'common.FORBIDDEN',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'common.NOT_FOUND', // read: the account gone after the ownership check
  ],
  'POST /api/v3/user/get_addresses': ['common.FORBIDDEN'],
  'POST /api/v3/user/get_consents': ['common.FORBIDDEN'],
  'POST /api/v3/user/get_profile': ['common.FORBIDDEN'],
  'POST /api/v3/user/get_user': [
    'common.FORBIDDEN',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'common.NOT_FOUND', // read
  ],
  'POST /api/v3/user/login': [
    'auth.ACCOUNT_LOCKED',
    'auth.INVALID_PIN',
    'auth.LOGIN_EXISTS',
    'auth.LOGIN_NOT_FOUND',
    'auth.PIN_TOO_COMMON',
    'auth.SIGNUP_NOT_VERIFIED',
    'common.TOO_MANY_REQUESTS',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/v3/user/logout': ['common.UNAUTHENTICATED', 'common.VALIDATION_FAILED'],
  'POST /api/v3/user/record_consents': ['common.FORBIDDEN', 'common.VALIDATION_FAILED'],
  'POST /api/v3/user/refresh_token': [
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
    'auth.TOKEN_ALREADY_REFRESHED',
    'auth.SESSION_ENDED_TOKEN_REUSED',
  ],
  'POST /api/v3/user/update_address': [
    'addressbook.ADDRESS_NOT_FOUND',
    'common.FORBIDDEN',
    'addressbook.AREA_NOT_FOUND', // read: as add_address
  ],
  'POST /api/v3/user/update_info': [
    'common.FORBIDDEN',
    'common.VALIDATION_FAILED',
    'common.NOT_FOUND', // read: the user gone before the profile is written
  ],
  'POST /api/v3/user/update_notification_info': [
    'common.FORBIDDEN',
    'common.TOO_MANY_REQUESTS',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/v3/user/verify_challenge': [
    'auth.PIN_TOO_COMMON',
    'common.VALIDATION_FAILED',
    'otp.OTP_ALREADY_USED',
    'otp.OTP_EXPIRED',
    'otp.OTP_INVALID',
    'otp.OTP_TOO_MANY_ATTEMPTS',
    'auth.LOGIN_NOT_FOUND', // read
  ],
  'POST /api/v3/waitlist/arrived_address': [
    'common.VALIDATION_FAILED',
    'coverage_alert.LINK_INVALID',
  ],
  'POST /api/v3/waitlist/count': ['common.VALIDATION_FAILED'],
  'POST /api/v3/waitlist/slot_alert': [
    'appointments.NO_RESOURCE',
    'common.FORBIDDEN',
    'common.UNAUTHENTICATED',
    'common.VALIDATION_FAILED',
  ],
  'POST /api/v3/waitlist/unsubscribe': ['common.VALIDATION_FAILED', 'coverage_alert.LINK_INVALID'],
  'POST /api/v3/{oss}/addresses/get_addresses': ['common.NOT_FOUND'],
  'POST /api/v3/{oss}/appointments/view_work_order': ['common.FORBIDDEN', 'common.UNAUTHENTICATED'],
  'POST /api/v3/{oss}/email_validation': ['common.UNAUTHENTICATED', 'common.TOO_MANY_REQUESTS'],
  'POST /api/v3/{oss}/get_account': [
    'common.VALIDATION_FAILED',
    'subscriber.PROFILE_NOT_FOUND',
    'subscriber.REFERENCE_NOT_VERIFIED',
  ],
  'POST /api/v3/{oss}/otp/create_otp': [
    'common.SERVICE_UNAVAILABLE',
    'common.TOO_MANY_REQUESTS',
    'common.VALIDATION_FAILED',
    'otp.OTP_HOURLY_LIMIT',
    'otp.OTP_RESEND_TOO_SOON',
  ],
  'POST /api/v3/{oss}/otp/verify_otp': [
    'common.VALIDATION_FAILED',
    'otp.OTP_ALREADY_USED',
    'otp.OTP_EXPIRED',
    'otp.OTP_INVALID',
    'otp.OTP_TOO_MANY_ATTEMPTS',
  ],
};

const modules = import.meta.glob<Record<string, unknown>>(
  ['../../../../packages/contract/src/*.ts', '!../../../../packages/contract/src/*.test.ts'],
  { eager: true },
);
const isCall = (value: unknown): value is AnyCall =>
  typeof value === 'object' && value !== null && 'replies' in value && 'auth' in value;
const calls = Object.values(modules).flatMap((exports) => Object.values(exports).filter(isCall));
const keyOf = (call: AnyCall) => `${call.method} ${callPath(call, '{oss}')}`;

describe("each call's refusals", () => {
  it('has a row for every call of the contract, and none for a call that is not', () => {
    expect(calls.length).toBeGreaterThan(30);
    expect(Object.keys(REFUSALS).sort()).toEqual(calls.map(keyOf).sort());
  });

  it.each(calls.map((call) => [keyOf(call), call] as const))(
    '%s: its description lists every refusal its handler answers',
    (_key, call) => {
      const refusals = REFUSALS[keyOf(call)] ?? [];
      for (const key of refusals) expect(() => errorDefinition(key), key).not.toThrow();
      expect(call.errors).toEqual(expect.arrayContaining([...refusals]));
    },
  );
});
