import type { CallFailure } from './api/call-outcome';
import { i18n } from '../../i18n/i18n';

/** "45 seconds", "2 minutes", "3 hours": how long to wait, rounded up. */
export function formatWait(seconds: number): string {
  if (seconds < 90) {
    return i18n._('{seconds, plural, one {{seconds} second} other {{seconds} seconds}}', {
      seconds,
    });
  }
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) {
    return i18n._('{minutes, plural, one {{minutes} minute} other {{minutes} minutes}}', {
      minutes,
    });
  }
  const hours = Math.ceil(minutes / 60);
  return i18n._('{hours, plural, one {{hours} hour} other {{hours} hours}}', { hours });
}

/**
 * The server's message for a failure, with the wait it names when the message does not already say it
 * (the hourly code limit and per-IP limits carry only retry_after_seconds).
 */
export function failureText(failure: CallFailure): string {
  const seconds = failure.retryAfterSeconds;
  if (seconds === undefined || failure.message.includes(String(seconds))) return failure.message;
  // The server's words go in as a value, shown as sent (ADR 027).
  return i18n._('{message} You can try again in {wait}.', {
    message: failure.message,
    wait: formatWait(seconds),
  });
}

/** A wrong code with the tries left (ADR 009: at most 5), else the server's words. */
export function wrongCodeText(failure: CallFailure): string {
  const left = failure.attemptsLeft;
  if (left === undefined) return failure.message;
  return i18n._(
    '{left, plural, one {That code is not right. {left} try left.} other {That code is not right. {left} tries left.}}',
    { left },
  );
}
