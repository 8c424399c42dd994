import { isValid, parseISO } from 'date-fns';

// Made on first use, not when the module loads (ADR 057).
let longDate: Intl.DateTimeFormat | undefined;

/** "2027-03-31" as "March 31, 2027" (the calendar day as written, in en-PH); null if unreadable. */
export function formatExpectedDate(isoDate: string): string | null {
  // parseISO reads a date-only string as that day in local time, so no time zone shifts the day.
  const date = parseISO(isoDate);
  if (!isValid(date)) return null;
  longDate ??= new Intl.DateTimeFormat('en-PH', { month: 'long', day: 'numeric', year: 'numeric' });
  return longDate.format(date);
}
