import { dateText } from '../../lib/formats';

/** "2027-03-31" as "March 31, 2027" (the calendar day as written); null if it is not a date. */
export function formatExpectedDate(isoDate: string): string | null {
  try {
    return dateText(isoDate);
  } catch {
    return null;
  }
}
