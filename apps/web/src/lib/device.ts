import { DESKTOP_MIN_WIDTH, NATIVE_APP_MARKER, TABLET_MIN_WIDTH } from '@konek/contract/constants';
import type { TAnalyticsEvent } from '@konek/contract/submit-events';

export type DeviceClass = TAnalyticsEvent['device'];

/** product §9: under 768 px is mobile, 768 to under 1180 px is tablet, 1180 px and up is desktop. */
export function deviceClassForWidth(width: number): DeviceClass {
  if (width < TABLET_MIN_WIDTH) return 'mobile';
  if (width < DESKTOP_MIN_WIDTH) return 'tablet';
  return 'desktop';
}

export function currentDeviceClass(): DeviceClass {
  return deviceClassForWidth(window.innerWidth);
}

/**
 * product §1: the native app wrapper is detected by the marker "isapp" in the user agent. Matched without
 * regard to case, so a wrapper that writes "isApp" is still recognised.
 */
export function isNativeApp(userAgent: string = navigator.userAgent): boolean {
  return userAgent.toLowerCase().includes(NATIVE_APP_MARKER);
}
