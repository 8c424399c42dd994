import type { CallFailure } from './api/call-outcome';

/** "45 seconds", "2 minutes", "3 hours": how long to wait, rounded up. */
export function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/**
 * The server's message for a failure, with the wait it names when the message does not already say it
 * (the hourly code limit and per-IP limits carry only retry_after_seconds).
 */
export function failureText(failure: CallFailure): string {
  const seconds = failure.retryAfterSeconds;
  if (seconds === undefined || failure.message.includes(String(seconds))) return failure.message;
  return `${failure.message} You can try again in ${formatWait(seconds)}.`;
}

/** A wrong code with the tries left (ADR 009: at most 5), else the server's words. */
export function wrongCodeText(failure: CallFailure): string {
  const left = failure.attemptsLeft;
  if (left === undefined) return failure.message;
  return `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`;
}
