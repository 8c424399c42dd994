import { describe, expect, it } from 'vitest';
import * as constants from './constants';

const DAY_MS = 24 * 60 * 60 * 1000;

// product §9 (and §1 for the native-app marker), value by value.
describe('product §9 business constants', () => {
  it.each([
    ['TEXT_MAX_LENGTH', constants.TEXT_MAX_LENGTH, 255],
    ['NAME_MAX_LENGTH', constants.NAME_MAX_LENGTH, 100],
    ['EMAIL_MAX_LENGTH', constants.EMAIL_MAX_LENGTH, 255],
    ['ALTERNATE_MOBILE_MAX_LENGTH', constants.ALTERNATE_MOBILE_MAX_LENGTH, 10],
    ['DISPLAYED_MOBILE_MAX_LENGTH', constants.DISPLAYED_MOBILE_MAX_LENGTH, 9],
    ['PIN_LENGTH', constants.PIN_LENGTH, 6],
    ['VALID_MOBILE_LENGTHS', constants.VALID_MOBILE_LENGTHS, [9, 10]],
    ['MOBILE_PREFIX', constants.MOBILE_PREFIX, '63'],
    ['ALTERNATE_PHONE_PREFIX', constants.ALTERNATE_PHONE_PREFIX, '639'],
    ['RESERVE_RESOURCE_ATTEMPTS', constants.RESERVE_RESOURCE_ATTEMPTS, 3],
    ['TIMESLOT_FETCH_ATTEMPTS', constants.TIMESLOT_FETCH_ATTEMPTS, 3],
    ['RESERVE_APPOINTMENT_ATTEMPTS', constants.RESERVE_APPOINTMENT_ATTEMPTS, 3],
    ['RETRY_DELAY_MS', constants.RETRY_DELAY_MS, 1000],
    ['REQUEST_TIMEOUT_MS', constants.REQUEST_TIMEOUT_MS, 40000],
    ['MIN_FETCH_DELAY_MS', constants.MIN_FETCH_DELAY_MS, 200],
    ['TARGET_TYPE_ACCOUNT', constants.TARGET_TYPE_ACCOUNT, 2],
    ['TARGET_TYPE_USER', constants.TARGET_TYPE_USER, 3],
    ['ADDRESS_TYPE', constants.ADDRESS_TYPE, 4],
    ['LOGIN_TYPE', constants.LOGIN_TYPE, 2],
    ['DEFAULT_PAYMENT_METHOD', constants.DEFAULT_PAYMENT_METHOD, 1],
    ['CURRENCY', constants.CURRENCY, 'PHP'],
    [
      'SPECIAL_OFFER_FALLBACK_ORIGINAL_PRICE',
      constants.SPECIAL_OFFER_FALLBACK_ORIGINAL_PRICE,
      1499,
    ],
    ['SPECIAL_OFFER_FALLBACK_FINAL_PRICE', constants.SPECIAL_OFFER_FALLBACK_FINAL_PRICE, 699],
    ['DEFAULT_SPEED_MBPS', constants.DEFAULT_SPEED_MBPS, 50],
    ['DEFAULT_FREE_DAYS', constants.DEFAULT_FREE_DAYS, 7],
    ['MORNING_START', constants.MORNING_START, '09:00'],
    ['MORNING_END', constants.MORNING_END, '12:00'],
    ['AFTERNOON_START', constants.AFTERNOON_START, '14:00'],
    ['AFTERNOON_END', constants.AFTERNOON_END, '17:00'],
    ['token cookie: 1/48 day = 30 minutes', constants.COOKIE_LIFETIME_MS.token, 30 * 60 * 1000],
    ['user cookie: 7 days', constants.COOKIE_LIFETIME_MS.user, 7 * DAY_MS],
    ['account cookie: 7 days', constants.COOKIE_LIFETIME_MS.account, 7 * DAY_MS],
    ['mobile cookie: 7 days', constants.COOKIE_LIFETIME_MS.mobile, 7 * DAY_MS],
    ['device id cookie: 365 days', constants.COOKIE_LIFETIME_MS.deviceId, 365 * DAY_MS],
    ['TOKEN_LIFETIME_SECONDS (30 minutes)', constants.TOKEN_LIFETIME_SECONDS, 1800],
    ['TABLET_MIN_WIDTH', constants.TABLET_MIN_WIDTH, 768],
    ['DESKTOP_MIN_WIDTH', constants.DESKTOP_MIN_WIDTH, 1180],
    ['TRANSITION_MS', constants.TRANSITION_MS, 300],
    ['TOAST_DURATION_MS', constants.TOAST_DURATION_MS, 3000],
    ['TOAST_SPACING_PX', constants.TOAST_SPACING_PX, 16],
    ['MAP_HEIGHT_PX', constants.MAP_HEIGHT_PX, 505],
    ['MAP_HEIGHT_MEDIUM_PX', constants.MAP_HEIGHT_MEDIUM_PX, 360],
    ['MAP_DEFAULT_CENTER', constants.MAP_DEFAULT_CENTER, { lat: 15, lng: 121 }],
    ['MAP_NUDGE_DEGREES', constants.MAP_NUDGE_DEGREES, 0.0022],
    ['ANALYTICS_TAG_QUANTITY', constants.ANALYTICS_TAG_QUANTITY, 1],
    ['HSTS_MAX_AGE_SECONDS (one year)', constants.HSTS_MAX_AGE_SECONDS, 31536000],
    ['NATIVE_APP_MARKER (product §1)', constants.NATIVE_APP_MARKER, 'isapp'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('keeps the token cookie and the token itself equally long', () => {
    expect(constants.COOKIE_LIFETIME_MS.token).toBe(constants.TOKEN_LIFETIME_SECONDS * 1000);
  });

  it('builds the alternate prefix from the mobile prefix', () => {
    expect(constants.ALTERNATE_PHONE_PREFIX.startsWith(constants.MOBILE_PREFIX)).toBe(true);
  });

  it('shows a default address in Las Piñas', () => {
    expect(constants.DEFAULT_ADDRESS_TEXT).toContain('Las Piñas');
  });

  it.each([
    ['DEFAULT_OSS_SEGMENT', constants.DEFAULT_OSS_SEGMENT, 'konek'],
    ['DEFAULT_OPERATOR_NAME', constants.DEFAULT_OPERATOR_NAME, 'konek'],
    ['DEFAULT_APPLICATION_ID', constants.DEFAULT_APPLICATION_ID, 'konek-web'],
  ])('configuration default %s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
