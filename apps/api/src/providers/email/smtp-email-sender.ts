import nodemailer, { type NodemailerError } from 'nodemailer';
import { EmailUnavailableError, type EmailSender } from './email-sender';

/** How long connecting, the server's greeting and each reply may take, by default. */
const TIMEOUT_MS = 10_000;

export type SmtpOptions = {
  /** smtp://user:pass@host:port (STARTTLS when the server offers it) or smtps://… (TLS from the start). */
  url: string;
  /** The From of every message: an address, or `Name <address>`. */
  from: string;
  /** Tests shorten it. */
  timeoutMs?: number;
};

const ADDRESS = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+/g;

/** The credentials of the SMTP URL, as written and decoded, so that no reason can carry them. */
function secretsOf(url: string): string[] {
  try {
    const parsed = new URL(url);
    return [parsed.username, parsed.password]
      .flatMap((part) => [part, decodeURIComponent(part)])
      .filter((part) => part.length >= 3);
  } catch {
    return [];
  }
}

/**
 * The reason an EmailUnavailableError gives, from nodemailer's error: what failed (its code: ESOCKET,
 * ETIMEDOUT, EAUTH, EENVELOPE, EMESSAGE…) and the server's reply code and words. The log reads it, so
 * every address (the recipient's included) and the URL's credentials are taken out.
 */
function reasonOf(error: unknown, secrets: string[]): string {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as NodemailerError;
  const parts = [
    failure.code ?? 'EUNKNOWN',
    failure.responseCode === undefined ? undefined : `reply ${failure.responseCode}`,
    failure.command ? `at ${failure.command.split(/[\s:]/)[0]}` : undefined,
  ].filter((part) => part !== undefined);
  let detail = (failure.response ?? (error instanceof Error ? error.message : String(error)))
    .replaceAll(ADDRESS, '***')
    .replaceAll(/[\r\n]+/g, ' ')
    .slice(0, 200);
  for (const secret of secrets) detail = detail.replaceAll(secret, '***');
  return `${parts.join(' ')}: ${detail}`;
}

/** 5xx replies refuse the message for good (503 is a session out of step: worth another try). */
function isPermanent(error: unknown): boolean {
  const code = (error as NodemailerError | undefined)?.responseCode;
  return code !== undefined && code >= 500 && code < 600 && code !== 503;
}

/**
 * Email over SMTP with nodemailer (EMAIL_PROVIDER=smtp, SMTP_URL, EMAIL_FROM). One connection per
 * message; every wait bounded. nodemailer's own logger stays off: it would write addresses and bodies.
 * Files and URLs are never read into a message.
 */
export function createSmtpEmailSender(options: SmtpOptions): EmailSender {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const secrets = secretsOf(options.url);
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    logger: false,
    debug: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    name: 'smtp',
    send: async (message) => {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          ...(message.headers === undefined ? {} : { headers: message.headers }),
        });
      } catch (error) {
        throw new EmailUnavailableError(reasonOf(error, secrets), isPermanent(error));
      }
    },
  };
}
