/**
 * docs/architecture.md, ADR 032: email validation. A validator answers a status of product §5 (the
 * statuses and sub-statuses of ZeroBounce's v2 API) for an address; the local one decides from rules, the
 * real one asks the service. Both fail the same way: EmailValidationUnavailableError when no answer came.
 */
export type EmailVerdict = {
  /** valid, invalid, catch-all, unknown, spamtrap, abuse, do_not_mail — or a status a service adds. */
  status: string;
  /** The finer reason (ZeroBounce sub_status), e.g. "disposable", "role_based"; "" when none. */
  subStatus: string;
};

export type EmailValidator = {
  /** For the start-up log. */
  name: string;
  /** `ipAddress`: the customer's, which ZeroBounce takes for its records (may be empty). */
  validate: (email: string, ipAddress: string) => Promise<EmailVerdict>;
};

/** No answer: the service is down, slow, refused the key, or answered something unreadable. */
export class EmailValidationUnavailableError extends Error {
  constructor(reason: string) {
    // The reason never carries the address (ADR 021): it reaches the log.
    super(`Email validation unavailable: ${reason}`);
    this.name = 'EmailValidationUnavailableError';
  }
}

/** ADR 032: no answer within this time counts as the service being down (the issue: at most 5 s). */
export const MAX_EMAIL_VALIDATION_TIMEOUT_MS = 5000;
