import MailChecker from 'mailchecker';
import { RULE_EMAIL } from '@konek/contract/validation';
import {
  EmailValidationUnavailableError,
  type EmailValidator,
  type EmailVerdict,
} from './email-validator';

// ADR 032: the local email validator (development, tests, demos, and a deployment without a service).
// It answers from rules, in this order: the sandbox addresses below; syntax; reserved domains; the
// disposable-domain list of the `mailchecker` package (maintained, ~55,000 domains); role addresses.
// Anything else is "valid": without a mailbox check (an SMTP probe) no more can be known locally.

/**
 * Fixed addresses that answer each status, so tests and demos reach every branch (README). The names
 * follow ZeroBounce's own sandbox addresses, so the same address behaves alike with the real adapter and
 * a sandbox key.
 */
export const SANDBOX_EMAILS: Readonly<Record<string, EmailVerdict>> = {
  'valid@example.com': { status: 'valid', subStatus: '' },
  'invalid@example.com': { status: 'invalid', subStatus: 'mailbox_not_found' },
  'catch_all@example.com': { status: 'catch-all', subStatus: '' },
  'unknown@example.com': { status: 'unknown', subStatus: 'mail_server_temporary_error' },
  'spamtrap@example.com': { status: 'spamtrap', subStatus: '' },
  'abuse@example.com': { status: 'abuse', subStatus: '' },
  'donotmail@example.com': { status: 'do_not_mail', subStatus: 'global_suppression' },
  'disposable@example.com': { status: 'do_not_mail', subStatus: 'disposable' },
  'role_based@example.com': { status: 'do_not_mail', subStatus: 'role_based' },
};

/** Konek's own: the validator fails as a service that is down would (ADR 032's fallback). */
export const SANDBOX_UNAVAILABLE_EMAIL = 'unavailable@example.com';

/** RFC 2606 / RFC 6761 names that never receive mail. */
const RESERVED_DOMAINS = new Set(['example.com', 'example.net', 'example.org', 'localhost']);
const RESERVED_SUFFIXES = ['.example', '.test', '.invalid', '.localhost', '.local'];

/** Mailboxes of a function, not a person: order news sent there reaches nobody in particular. */
const ROLE_LOCAL_PARTS = new Set([
  'admin',
  'administrator',
  'billing',
  'contact',
  'help',
  'helpdesk',
  'hostmaster',
  'hr',
  'info',
  'inquiries',
  'marketing',
  'no-reply',
  'noreply',
  'office',
  'postmaster',
  'root',
  'sales',
  'security',
  'support',
  'webmaster',
]);

const disposableDomains = MailChecker.blacklist();

/** The domain or one of its parents is on the disposable list (mail.10minutemail.com counts). */
function isDisposable(domain: string): boolean {
  const labels = domain.split('.');
  for (let start = 0; start < labels.length - 1; start++) {
    if (disposableDomains.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}

function isReserved(domain: string): boolean {
  return RESERVED_DOMAINS.has(domain) || RESERVED_SUFFIXES.some((end) => domain.endsWith(end));
}

export function localVerdict(email: string): EmailVerdict {
  const address = email.trim().toLowerCase();
  const sandbox = SANDBOX_EMAILS[address];
  if (sandbox) return sandbox;
  const [isSyntaxValid] = RULE_EMAIL;
  const at = address.lastIndexOf('@');
  if (!isSyntaxValid(address) || at < 1)
    return { status: 'invalid', subStatus: 'failed_syntax_check' };
  const localPart = address.slice(0, at).split('+')[0]!;
  const domain = address.slice(at + 1);
  if (isReserved(domain)) return { status: 'invalid', subStatus: 'no_dns_entries' };
  if (isDisposable(domain)) return { status: 'do_not_mail', subStatus: 'disposable' };
  if (ROLE_LOCAL_PARTS.has(localPart)) return { status: 'do_not_mail', subStatus: 'role_based' };
  return { status: 'valid', subStatus: '' };
}

export function createLocalEmailValidator(): EmailValidator {
  return {
    name: 'local',
    validate: async (email) => {
      if (email.trim().toLowerCase() === SANDBOX_UNAVAILABLE_EMAIL) {
        throw new EmailValidationUnavailableError('the local sandbox address for an outage');
      }
      return localVerdict(email);
    },
  };
}
