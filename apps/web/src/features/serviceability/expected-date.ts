import { isValid, parseISO } from 'date-fns';

const LONG_DATE = new Intl.DateTimeFormat('en-PH', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** "2027-03-31" as "March 31, 2027" (the calendar day as written, in en-PH); null if unreadable. */
export function formatExpectedDate(isoDate: string): string | null {
  // parseISO reads a date-only string as that day in local time, so no time zone shifts the day.
  const date = parseISO(isoDate);
  return isValid(date) ? LONG_DATE.format(date) : null;
}
