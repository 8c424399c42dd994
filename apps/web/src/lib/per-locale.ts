/**
 * An Intl object made once per locale, on first use (ADR 057: never when a module loads). Making one
 * costs far more than using it (ADR 075): the schedule's calendar names each of its ~42 days on every
 * render.
 */
export function perLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => {
    let object = made.get(locale);
    if (object === undefined) {
      object = make(locale);
      made.set(locale, object);
    }
    return object;
  };
}

/** A date format of these options, made once per locale. */
export function dateFormatPerLocale(
  options: Intl.DateTimeFormatOptions,
): (locale: string) => Intl.DateTimeFormat {
  return perLocale((locale) => new Intl.DateTimeFormat(locale, options));
}
