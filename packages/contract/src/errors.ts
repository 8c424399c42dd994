// spec §8: the error catalogue. Each module's failures have a numeric code (the spec's numbers where it
// gives them), one HTTP status and one user message. The API maps domain errors through this table once;
// the web app reads the same table to name a code it receives.

export type ErrorDefinition = { code: number; status: number; message: string };

export const UNKNOWN_SERVER_ERROR = 'unknown server error';

export const ERRORS = {
  common: {
    VALIDATION_FAILED: { code: 1, status: 400, message: 'The request is not valid.' },
    UNAUTHENTICATED: { code: 2, status: 401, message: 'Please sign in to continue.' },
    FORBIDDEN: { code: 3, status: 403, message: 'You are not allowed to do that.' },
    NOT_FOUND: { code: 4, status: 404, message: 'Not found.' },
    TOO_MANY_REQUESTS: {
      code: 5,
      status: 429,
      message: 'Too many requests. Please wait a moment and try again.',
    },
    PAYLOAD_TOO_LARGE: { code: 6, status: 413, message: 'The request is too large.' },
    UNSUPPORTED_MEDIA_TYPE: { code: 7, status: 415, message: 'Send the request as JSON.' },
    SERVICE_UNAVAILABLE: {
      code: 503,
      status: 503,
      message: 'The service is unavailable right now. Please try again shortly.',
    },
    INTERNAL: {
      code: 500,
      status: 500,
      message: 'Something went wrong on our side. Please try again.',
    },
  },
  referral: {
    INVALID_REFERRAL_CODE: { code: 3, status: 400, message: 'This referral code is not valid.' },
    ALREADY_REFERRED: {
      code: 5,
      status: 409,
      message: 'You have already used a referral code.',
    },
    SELF_REFERRAL: { code: 8, status: 400, message: 'You cannot use your own referral code.' },
  },
  appointments: {
    TIME_SLOT_NOT_FOUND: {
      code: 3,
      status: 404,
      message: 'That installation slot is no longer available.',
    },
    RESERVATION_EXPIRED: {
      code: 6,
      status: 409,
      message: 'Your slot reservation has expired. Please choose a slot again.',
    },
    INVALID_TIME_SLOT: { code: 15, status: 400, message: 'That installation slot is not valid.' },
  },
  order: {
    INSUFFICIENT_FUNDS: { code: 4, status: 402, message: 'The payment did not go through.' },
    PURCHASE_LIMIT_REACHED: {
      code: 5,
      status: 409,
      message: 'You have reached the purchase limit for this offer.',
    },
    ACCOUNT_ALREADY_HAVE_ORDER: {
      code: 63,
      status: 409,
      message: 'This account already has an order.',
    },
  },
} as const satisfies Record<string, Record<string, ErrorDefinition>>;

export type ErrorModule = keyof typeof ERRORS;
export type ErrorName<M extends ErrorModule> = keyof (typeof ERRORS)[M] & string;

/** The name and user message of a (module, code) pair a reply carried; unknown pairs read "unknown server error". */
export function describeError(module: string, code: number): { name: string; message: string } {
  const catalogue: Record<string, Record<string, ErrorDefinition>> = ERRORS;
  const definitions = Object.hasOwn(catalogue, module) ? catalogue[module] : undefined;
  const entry = definitions
    ? Object.entries(definitions).find(([, definition]) => definition.code === code)
    : undefined;
  if (!entry) return { name: 'UNKNOWN', message: UNKNOWN_SERVER_ERROR };
  return { name: entry[0], message: entry[1].message };
}
