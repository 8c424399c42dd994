// The account rules' limits (ADR 009; product §5 gives only the PIN length). The web shows them (resend
// countdown, attempts left) and the API enforces them, so both read them here.

/** One-time codes: 6 digits, valid 5 minutes, 5 wrong tries, a new one after 60 s, 5 per hour. */
export const OTP_LENGTH = 6;
export const OTP_LIFETIME_SECONDS = 5 * 60;
export const OTP_MAX_WRONG_ATTEMPTS = 5;
export const OTP_RESEND_AFTER_SECONDS = 60;
export const OTP_MAX_PER_HOUR = 5;

/** A verified sign-up code lets the number register within this window. */
export const SIGNUP_VERIFICATION_WINDOW_SECONDS = 10 * 60;

/** A verified code's reference_id reads the operator's subscriber profile within this window. */
export const PROFILE_LOOKUP_WINDOW_SECONDS = 30 * 60;

/**
 * After this many wrong PINs in a row the account locks (ADR 023): for PIN_FIRST_LOCK_SECONDS, twice as
 * long at each further lock in a row, at most PIN_LONGEST_LOCK_SECONDS, or until the PIN is reset by SMS.
 */
export const PIN_MAX_FAILED_ATTEMPTS = 10;
export const PIN_FIRST_LOCK_SECONDS = 15 * 60;
export const PIN_LONGEST_LOCK_SECONDS = 24 * 60 * 60;
