/**
 * An Intl object made once per locale, on first use (ADR 057: never when a module loads). Making one
 * costs far more than using it (ADR 075). Dates and numbers are not written with Intl at all (ADR 083):
 * what is left is the plural rules.
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
