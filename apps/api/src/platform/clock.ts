/**
 * The one source of "now" for rules that expire (tokens, one-time codes, partner links, lockout times).
 * The app gets it as a dependency, so tests can move time forward instead of waiting.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
