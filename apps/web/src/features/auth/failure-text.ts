import { failureDetails, type CallFailure } from '../../lib/call';
import { countMessage, i18n, msg } from '../../i18n/i18n';

const SECONDS = { one: msg(/*i18n*/ '{seconds} second'), other: msg(/*i18n*/ '{seconds} seconds') };
const MINUTES = { one: msg(/*i18n*/ '{minutes} minute'), other: msg(/*i18n*/ '{minutes} minutes') };
const HOURS = { one: msg(/*i18n*/ '{hours} hour'), other: msg(/*i18n*/ '{hours} hours') };
const WRONG_CODE = {
  one: msg(/*i18n*/ 'That code is not right. {left} try left.'),
  other: msg(/*i18n*/ 'That code is not right. {left} tries left.'),
};

/** "45 seconds", "2 minutes", "3 hours": how long to wait, rounded up. */
export function formatWait(seconds: number): string {
  if (seconds < 90) {
    return countMessage(seconds, SECONDS, { seconds });
  }
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) {
    return countMessage(minutes, MINUTES, { minutes });
  }
  const hours = Math.ceil(minutes / 60);
  return countMessage(hours, HOURS, { hours });
}

/**
 * The server's message for a failure, with the wait it names when the message does not already say it
 * (the hourly code limit and per-IP limits carry only retry_after_seconds).
 */
export function failureText(failure: CallFailure): string {
  const seconds = failureDetails(failure).retryAfterSeconds;
  if (seconds === undefined || failure.message.includes(String(seconds))) return failure.message;
  // The server's words go in as a value, shown as sent (ADR 027).
  return i18n._('{message} You can try again in {wait}.', {
    message: failure.message,
    wait: formatWait(seconds),
  });
}

/** A wrong code with the tries left (ADR 009: at most 5), else the server's words. */
export function wrongCodeText(failure: CallFailure): string {
  const left = failureDetails(failure).attemptsLeft;
  if (left === undefined) return failure.message;
  return countMessage(left, WRONG_CODE, { left });
}
