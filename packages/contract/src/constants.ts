// product §9: business constants and limits, each with one name.

export const TEXT_MAX_LENGTH = 255;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 255;
export const ALTERNATE_MOBILE_MAX_LENGTH = 10;
export const DISPLAYED_MOBILE_MAX_LENGTH = 9;
export const PIN_LENGTH = 6;
export const VALID_MOBILE_LENGTHS = [9, 10] as const;

export const MOBILE_PREFIX = '63';
/** product §5: the alternate contact's number is sent as "639" plus what was entered. */
export const ALTERNATE_PHONE_PREFIX = '639';

export const RESERVE_RESOURCE_ATTEMPTS = 3;
export const TIMESLOT_FETCH_ATTEMPTS = 3;
export const RESERVE_APPOINTMENT_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 1000;

export const REQUEST_TIMEOUT_MS = 40_000;
export const MIN_FETCH_DELAY_MS = 200;

export const TARGET_TYPE_ACCOUNT = 2;
export const TARGET_TYPE_USER = 3;
export const ADDRESS_TYPE = 4;
export const LOGIN_TYPE = 2;
export const DEFAULT_PAYMENT_METHOD = 1;
export const CURRENCY = 'PHP';

export const SPECIAL_OFFER_FALLBACK_ORIGINAL_PRICE = 1499;
export const SPECIAL_OFFER_FALLBACK_FINAL_PRICE = 699;
export const DEFAULT_SPEED_MBPS = 50;
export const DEFAULT_FREE_DAYS = 7;

/** product §9: "a sample address in Las Piñas" shown when no address is set. */
export const DEFAULT_ADDRESS_TEXT = 'Almanza Uno, Las Piñas, Metro Manila 1750';

export const MORNING_START = '09:00';
export const MORNING_END = '12:00';
export const AFTERNOON_START = '14:00';
export const AFTERNOON_END = '17:00';

const DAY_MS = 24 * 60 * 60 * 1000;
export const COOKIE_LIFETIME_MS = {
  token: DAY_MS / 48,
  user: 7 * DAY_MS,
  account: 7 * DAY_MS,
  mobile: 7 * DAY_MS,
  deviceId: 365 * DAY_MS,
} as const;
export const TOKEN_LIFETIME_SECONDS = 30 * 60;

export const TABLET_MIN_WIDTH = 768;
export const DESKTOP_MIN_WIDTH = 1180;

export const TRANSITION_MS = 300;
export const TOAST_DURATION_MS = 3000;
export const TOAST_SPACING_PX = 16;

export const MAP_HEIGHT_PX = 505;
export const MAP_HEIGHT_MEDIUM_PX = 360;
export const MAP_DEFAULT_CENTER = { lat: 15, lng: 121 } as const;
export const MAP_NUDGE_DEGREES = 0.0022;

export const ANALYTICS_TAG_QUANTITY = 1;

/** product §9: HSTS for one year with subdomains. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** product §1: the native app wrapper's user-agent marker. */
export const NATIVE_APP_MARKER = 'isapp';

/**
 * ADR 042: the id of the `<script type="application/json">` in which the server writes the web config
 * (the reply of /api/web-config) into every page it serves, so the first render needs no round trip.
 */
export const WEB_CONFIG_ELEMENT_ID = 'konek-web-config';

/**
 * ADR 042: the attribute the server puts on a page's first-paint script when the page carries the
 * build's copy of its screen's intro (the same for every signed-out visitor).
 */
export const INTRO_COPY_ATTRIBUTE = 'data-intro-copy';

/**
 * product §3 radioTypeValue: "Building" on screen is stored as Condominium. Here rather than beside the
 * address schemas so the first-paint script can read it without zod (ADR 058).
 */
export const PROPERTY_TYPES = ['House', 'Condominium'] as const;

/**
 * ADR 058: the values of INTRO_COPY_ATTRIBUTE for an intro that shows what the visitor's stored address
 * and answer say, drawn only for a visitor whose stored answer opens that page with those words now:
 * that fibre reaches the address (the plans page's city), or that it does not (notify-me's reason and
 * address).
 */
export const SERVED_ADDRESS_INTRO = 'served-address';
export const UNSERVED_ADDRESS_INTRO = 'unserved-address';

/**
 * ADR 072: the value of INTRO_COPY_ATTRIBUTE for an intro drawn for a signed-in customer (a session
 * cookie) whose stored answer says fibre reaches the address now: the schedule page, which opens only for
 * such a customer.
 */
export const SIGNED_IN_INTRO = 'signed-in';

/**
 * ADR 058: the attribute of such an intro's empty elements, each named by what the first-paint script
 * writes into it (INTRO_SLOTS).
 */
export const INTRO_SLOT_ATTRIBUTE = 'data-intro-slot';
export const INTRO_SLOTS = ['city', 'reason', 'home', 'area'] as const;

/**
 * Rules the server takes from configuration, with their defaults (INSTALLATION_LEAD_DAYS,
 * APPOINTMENT_HOLD_MINUTES, PAYMENT_SESSION_MINUTES): the server starts with these, and the web app
 * tells the customer these until the web config says otherwise (the help page, ADR 079).
 */
export const DEFAULT_INSTALLATION_LEAD_DAYS = 2;
export const DEFAULT_APPOINTMENT_HOLD_MINUTES = 60;
export const DEFAULT_PAYMENT_SESSION_MINUTES = 30;
/** ADR 096: days the raw analytics events are kept (ANALYTICS_RETENTION_DAYS). */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 90;

// docs/architecture.md: identifiers the spec leaves to configuration, with their defaults.
export const DEFAULT_OSS_SEGMENT = 'konek';
export const DEFAULT_OPERATOR_NAME = 'konek';
export const DEFAULT_APPLICATION_ID = 'konek-web';
