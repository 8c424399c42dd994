/** The no-break space: where a line must not wrap. */
export const NO_BREAK_SPACE = '\u00a0';

/** The text with its spaces made no-break spaces, so it stays on one line ("12:00 PM", "0917 123 4567"). */
export function unbroken(text: string): string {
  return text.replace(/\s+/gu, NO_BREAK_SPACE);
}
