/**
 * A date format made once per locale, on first use (ADR 057: never when a module loads). Making an
 * `Intl.DateTimeFormat` costs far more than formatting with it (ADR 075): the schedule's calendar names
 * each of its ~42 days on every render.
 */
export function dateFormatPerLocale(
  options: Intl.DateTimeFormatOptions,
): (locale: string) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (locale) => {
    let format = made.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, options);
      made.set(locale, format);
    }
    return format;
  };
}
