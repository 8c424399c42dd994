// product §8: the error catalogue. Each module's failures have a numeric code (the spec's numbers where it
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
    // ADR 078: PostgreSQL stalled, refused the connection or went away; the reply carries Retry-After.
    DATABASE_UNAVAILABLE: {
      code: 8,
      status: 503,
      message: "Konek can't reach its database just now. Please try again in a moment.",
    },
    INTERNAL: {
      code: 500,
      status: 500,
      message: 'Something went wrong on our side. Please try again.',
    },
  },
  // ADR 007: sign-in, sign-up and PIN rules. Statuses: 401 wrong PIN, 423 locked, 409 taken.
  auth: {
    LOGIN_NOT_FOUND: {
      code: 1,
      status: 404,
      message: 'There is no account for this mobile number yet. Please sign up.',
    },
    INVALID_PIN: { code: 2, status: 401, message: 'The PIN you entered is incorrect.' },
    ACCOUNT_LOCKED: {
      code: 3,
      status: 423,
      message:
        'Your account is locked after too many wrong PINs. Reset your PIN with a code sent by SMS to unlock it now.',
    },
    PIN_TOO_COMMON: {
      code: 4,
      status: 400,
      message: 'This PIN is too easy to guess. Please choose another.',
    },
    LOGIN_EXISTS: {
      code: 5,
      status: 409,
      message: 'This mobile number already has an account. Please sign in.',
    },
    SIGNUP_NOT_VERIFIED: {
      code: 6,
      status: 403,
      message: 'Please verify your mobile number with the code we sent you first.',
    },
    // ADR 097: refresh_token spends the token it is given. Another refresh of it within a minute (a
    // second tab) is refused without ending the session; later, it ends every session of the customer.
    TOKEN_ALREADY_REFRESHED: {
      code: 7,
      status: 401,
      message: 'This session token was already refreshed. Use the newest token.',
    },
    SESSION_ENDED_TOKEN_REUSED: {
      code: 8,
      status: 401,
      message:
        'For your security this session has ended, because an old session token was used again. Please sign in again.',
    },
  },
  // product §7.1 get / add context (ADR 023: a bounded number of named contexts per user).
  clientstorage: {
    TOO_MANY_CONTEXTS: {
      code: 1,
      status: 409,
      message:
        'You already keep the most saved contexts allowed (20). Save over one of them instead.',
    },
  },
  // product §8: the operator OTP module's codes are 4 to 9; their names are not shown, so these are ours.
  otp: {
    OTP_INVALID: { code: 4, status: 400, message: 'The code you entered is incorrect.' },
    OTP_EXPIRED: {
      code: 5,
      status: 400,
      message: 'This code has expired. Please ask for a new one.',
    },
    OTP_ALREADY_USED: {
      code: 6,
      status: 409,
      message: 'This code has already been used. Please ask for a new one.',
    },
    OTP_TOO_MANY_ATTEMPTS: {
      code: 7,
      status: 429,
      message: 'Too many wrong codes. Please ask for a new one.',
    },
    OTP_RESEND_TOO_SOON: {
      code: 8,
      status: 429,
      message: 'Please wait a moment before asking for a new code.',
    },
    OTP_HOURLY_LIMIT: {
      code: 9,
      status: 429,
      message: 'You have asked for too many codes. Please try again later.',
    },
  },
  // product §7.1 get account (prepaid): the operator's subscriber profile, read with a verified code.
  subscriber: {
    REFERENCE_NOT_VERIFIED: {
      code: 1,
      status: 403,
      message: 'Please verify your mobile number with a code first.',
    },
    PROFILE_NOT_FOUND: {
      code: 2,
      status: 404,
      message: 'We have no subscriber profile for this number.',
    },
  },
  // product §2.2 pcp routes: a partner's encrypted link.
  partner: {
    LINK_INVALID: {
      code: 1,
      status: 400,
      message: "This link couldn't be opened. Please ask for a new link.",
    },
    LINK_EXPIRED: {
      code: 2,
      status: 400,
      message: 'This link has expired. Please ask for a new link.',
    },
  },
  // the offers catalogue (product §7.1 get offers, preview pricing; ADR 012).
  catalog: {
    OFFER_NOT_FOUND: {
      code: 1,
      status: 404,
      message: 'This offer is no longer available. Please choose another offer.',
    },
    ADDRESS_NOT_FOUND: {
      code: 2,
      status: 404,
      message: "We couldn't find that address. Please choose your city again.",
    },
  },
  // product §8 names a vouchers module without its codes; these are ours (ADR 013). Each reply also
  // carries `voucher_code`, the code it is about.
  vouchers: {
    VOUCHER_NOT_FOUND: {
      code: 1,
      status: 404,
      message: "We couldn't find this voucher code. Please check it and try again.",
    },
    VOUCHER_EXPIRED: { code: 2, status: 400, message: 'This voucher code has expired.' },
    VOUCHER_NOT_YET_VALID: {
      code: 3,
      status: 400,
      message: "This voucher code can't be used yet.",
    },
    VOUCHER_USED_UP: {
      code: 4,
      status: 409,
      message: 'This voucher code has been fully redeemed.',
    },
    VOUCHER_ALREADY_USED: {
      code: 5,
      status: 409,
      message: 'You have already used this voucher code.',
    },
    VOUCHER_NOT_APPLICABLE: {
      code: 6,
      status: 400,
      message: "This voucher code can't be used with the offer you chose.",
    },
  },
  // product §7.2 content page-configs (ADR 015).
  content: {
    PAGE_NOT_FOUND: { code: 1, status: 404, message: 'This page is not available.' },
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
    // Ours beside the spec's three: booking needs the network reserved first, and names an appointment.
    NO_RESOURCE: {
      code: 20,
      status: 409,
      message: 'Your address has no network reservation yet. Please submit your details first.',
    },
    APPOINTMENT_NOT_FOUND: {
      code: 21,
      status: 404,
      message: "We couldn't find that appointment. Please choose a slot again.",
    },
    // ADR 049: a paid booking moves only while its visit has not started (or was missed).
    APPOINTMENT_NOT_CHANGEABLE: {
      code: 22,
      status: 409,
      message: 'Your installation visit has already started, so its time can no longer be changed.',
    },
  },
  // product §8 names an address book module without its codes; these are ours (ADR 031).
  addressbook: {
    ADDRESS_NOT_FOUND: {
      code: 1,
      status: 404,
      message: "We couldn't find that saved address. Please enter your address again.",
    },
    AREA_NOT_FOUND: {
      code: 2,
      status: 400,
      message:
        "We couldn't find that barangay. Please choose your province, city and barangay again.",
    },
  },
  // product §7.1 reserve resource: the network port for the installation address; any of these sends the
  // customer to locationerror (product §4.3, §8).
  resource: {
    ADDRESS_NOT_SAVED: {
      code: 1,
      status: 409,
      message: 'Please save your installation address first.',
    },
    ADDRESS_CHANGED: {
      code: 2,
      status: 409,
      message: 'Your address changed since it was saved. Please submit your details again.',
    },
    NOT_SERVICEABLE: {
      code: 3,
      status: 409,
      message: "Our fibre network doesn't reach this address.",
    },
    NO_FREE_PORT: {
      code: 4,
      status: 409,
      message: 'The fibre network near this address is full right now.',
    },
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
    // Ours beside the spec's three (ADR 039).
    ORDER_NOT_FOUND: {
      code: 70,
      status: 404,
      message: "We couldn't find this order.",
    },
    ORDER_NOT_CANCELLABLE: {
      code: 71,
      status: 409,
      message: 'This order can no longer be cancelled.',
    },
    ORDER_DETAILS_MISMATCH: {
      code: 72,
      status: 409,
      message: 'Your booking has changed. Please check your details and schedule again.',
    },
  },
  // product §8 names a payment module without its codes; these are ours (ADR 038). A payment refused for
  // want of funds is the spec's order.INSUFFICIENT_FUNDS (4) above.
  payment: {
    PAYMENT_SESSION_NOT_FOUND: {
      code: 1,
      status: 404,
      message: "We couldn't find this payment. Please start the payment again.",
    },
    PAYMENT_DECLINED: {
      code: 2,
      status: 402,
      message: 'Your e-wallet declined the payment. Please try again or choose another e-wallet.',
    },
    PAYMENT_CANCELLED: {
      code: 3,
      status: 409,
      message: 'The payment was cancelled. Nothing was charged.',
    },
    PAYMENT_EXPIRED: {
      code: 4,
      status: 410,
      message: 'The payment was not completed in time. Nothing was charged. Please try again.',
    },
    PAYMENT_METHOD_NOT_OFFERED: {
      code: 5,
      status: 400,
      message: "This e-wallet isn't available right now. Please choose another.",
    },
    ALREADY_PAID: {
      code: 6,
      status: 409,
      message: 'This order is already paid.',
    },
    PROVIDER_UNAVAILABLE: {
      code: 7,
      status: 503,
      message: "We couldn't reach the payment service. Please try again in a moment.",
    },
    AMOUNT_NOT_PAYABLE: {
      code: 8,
      status: 400,
      message: 'This amount cannot be paid with an e-wallet.',
    },
    NOT_PAID: {
      code: 9,
      status: 409,
      message: 'This payment was not completed, so there is nothing to refund.',
    },
    REFUND_EXCEEDS_PAYMENT: {
      code: 10,
      status: 409,
      message: 'The refund is more than what is left of the payment.',
    },
    REFUND_REFUSED: {
      code: 11,
      status: 502,
      message: 'The payment service refused the refund. Please try again later.',
    },
    WEBHOOK_SIGNATURE_INVALID: {
      code: 12,
      status: 401,
      message: 'The notification is not signed by the payment service.',
    },
    // ADR 077: why a payment the wallet took is given back (the contract's REFUND_CAUSES).
    PAYMENT_DUPLICATE: {
      code: 13,
      status: 409,
      message:
        'Your order was already paid, so this second payment is being refunded to your e-wallet in full.',
    },
    PAYMENT_AMOUNT_MISMATCH: {
      code: 14,
      status: 409,
      message:
        'Your e-wallet charged a different amount than your order’s total, so we are refunding it in full. Please pay again.',
    },
    PAYMENT_AFTER_ORDER_ENDED: {
      code: 15,
      status: 409,
      message:
        'Your payment arrived after this order was cancelled, so we are refunding it to your e-wallet in full.',
    },
    ORDER_NOT_FULFILLABLE: {
      code: 16,
      status: 409,
      message:
        'The fibre connection reserved for your home was released before your payment arrived, so we are refunding it in full. Please submit your details again to order.',
    },
  },
  // ADR 046: the operator API (/api/ops). Ours: the spec has no operator side.
  ops: {
    INVALID_CREDENTIALS: {
      code: 1,
      status: 401,
      message: 'The username or password is incorrect.',
    },
    ACCOUNT_LOCKED: {
      code: 2,
      status: 423,
      message: 'This operator account is locked after too many wrong passwords. Try again later.',
    },
    ROLE_NOT_ALLOWED: { code: 3, status: 403, message: 'Your role cannot do that.' },
    NOT_YOUR_JOB: {
      code: 4,
      status: 403,
      message: 'This job is assigned to another technician.',
    },
    WORK_ORDER_NOT_FOUND: { code: 5, status: 404, message: "We couldn't find this work order." },
    TRANSITION_NOT_ALLOWED: {
      code: 6,
      status: 409,
      message: 'This job cannot move to that status from where it is now.',
    },
    NOT_A_TECHNICIAN: {
      code: 7,
      status: 409,
      message: 'Jobs can only be assigned to a technician.',
    },
    NOT_ON_THE_WAY: {
      code: 8,
      status: 409,
      message: 'Your position is shared only while you are on the way to this job.',
    },
    NEW_TIME_NEEDED: {
      code: 9,
      status: 409,
      message: 'The booked visit time has passed. Choose a new time for the visit.',
    },
    // ADR 083: the days closed to installations.
    DAY_IN_THE_PAST: {
      code: 10,
      status: 400,
      message: 'That day has passed. Choose today or a later day.',
    },
    DAY_ALREADY_CLOSED: {
      code: 11,
      status: 409,
      message: 'That day is already closed to installations.',
    },
    DAY_HAS_BOOKINGS: {
      code: 12,
      status: 409,
      message: 'That day has installations booked. Move them to other days first, then close it.',
    },
    DAY_NOT_CLOSED: { code: 13, status: 404, message: 'That day is not closed.' },
    DAY_CLOSED_BY_LAW: {
      code: 14,
      status: 409,
      message: 'The law closes that day (a holiday or a special non-working day): it stays closed.',
    },
    // ADR 089: an admin manages the operators.
    USERNAME_TAKEN: { code: 15, status: 409, message: 'That username is taken. Choose another.' },
    OPERATOR_NOT_FOUND: { code: 16, status: 404, message: "We couldn't find this operator." },
    NOT_YOURSELF: {
      code: 17,
      status: 409,
      message:
        'You cannot disable your own account or change your own role: another admin must do it, so an admin is always left.',
    },
    // ADR 092: installation periods blocked by dispatchers.
    PERIOD_STARTED: {
      code: 18,
      status: 400,
      message: 'That period has already started. Choose a later one.',
    },
    PERIOD_ALREADY_BLOCKED: {
      code: 19,
      status: 409,
      message: 'That period is already blocked there.',
    },
    BLOCK_NOT_FOUND: { code: 20, status: 404, message: 'That block was not found or is lifted.' },
    WORK_ZONE_NOT_FOUND: { code: 21, status: 400, message: 'Choose a work zone from the list.' },
    // ADR 091: marketing's offers and vouchers.
    OFFER_ID_TAKEN: {
      code: 22,
      status: 409,
      message: 'An offer with this id exists already. Choose another id.',
    },
    OFFER_NOT_FOUND: { code: 23, status: 404, message: "We couldn't find this offer." },
    OFFER_RETIRED: {
      code: 24,
      status: 409,
      message: 'This offer is retired: it can no longer be changed or sold.',
    },
    OFFER_ALREADY_PUBLISHED: { code: 25, status: 409, message: 'This offer is already published.' },
    VOUCHER_CODE_TAKEN: {
      code: 26,
      status: 409,
      message: 'A voucher with this code exists already. Choose another code.',
    },
    VOUCHER_NOT_FOUND: { code: 27, status: 404, message: "We couldn't find this voucher." },
    VOUCHER_RETIRED: {
      code: 28,
      status: 409,
      message: 'This voucher is retired: it can no longer be changed.',
    },
    // ADR 092: one day's places in a work zone.
    DAY_OUTSIDE_CALENDAR: {
      code: 29,
      status: 400,
      message: "Choose a day from tomorrow through the calendar's last day.",
    },
    DAY_IS_CLOSED: {
      code: 30,
      status: 409,
      message: 'That day is closed to installations: it has no places to change.',
    },
    PERIOD_IS_BLOCKED: {
      code: 31,
      status: 409,
      message: 'That period is blocked. Lift the block first, then change its places.',
    },
  },
  // ADR 079: the operators' support desk.
  support: {
    REQUEST_NOT_FOUND: { code: 1, status: 404, message: "We couldn't find this support request." },
    ALREADY_CLOSED: {
      code: 2,
      status: 409,
      message: 'This request has already been answered and closed.',
    },
  },
  // ADR 090: the network planner's NAP file.
  coverage: {
    FILE_HAS_ERRORS: {
      code: 1,
      status: 422,
      message:
        'Some rows of the file have errors, so nothing was imported. Fix them and try again.',
    },
    // ADR 090 (the map): an edit of a NAP or a building the plant does not have.
    NAP_NOT_FOUND: { code: 2, status: 404, message: "We couldn't find this NAP." },
    BUILDING_NOT_FOUND: { code: 3, status: 404, message: "We couldn't find this building." },
  },
  // ADR 094: the links of a coverage-arrival alert (open the address, unsubscribe).
  coverage_alert: {
    LINK_INVALID: {
      code: 1,
      status: 400,
      message: "This link isn't valid. Open the link from your message again.",
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
