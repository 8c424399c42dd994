// PostgreSQL reads a timestamp's year in four digits, 0001 to 9999: it refuses ISO year 0000 (1 BC) and
// the signed six-digit years JavaScript writes outside that range. A time a caller sends may be either
// (the contract checks its form, not its year), so it goes to the database only through this.

const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/** The instant `ms` (milliseconds since the epoch), or null when it is NaN or outside years 1–9999 UTC. */
export function storableInstant(ms: number): Date | null {
  if (Number.isNaN(ms)) return null;
  const instant = new Date(ms);
  const year = instant.getUTCFullYear();
  return year >= FIRST_YEAR && year <= LAST_YEAR ? instant : null;
}
