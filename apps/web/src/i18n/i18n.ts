import { setupI18n, type Messages } from '@lingui/core';
import { perLocale } from '../lib/per-locale';

// The one message catalogue of the web app (ADR 027). Every word a person sees goes through `i18n._`,
// with the English source text as the message id; the compiled catalogue of a locale is its own chunk,
// loaded once before the first render, so the entry carries only Lingui's small runtime.

export const SOURCE_LOCALE = 'en';

/** Each locale's compiled catalogue (`npm run i18n:compile`), loaded only when that locale is used. */
const CATALOGUES = {
  en: () => import('./locales/en/messages'),
} satisfies Record<string, () => Promise<{ messages: Messages }>>;

export type Locale = keyof typeof CATALOGUES;

export const i18n = setupI18n({
  // An id missing from the catalogue shows as written: ids are English text, and a text the web did not
  // write (a contract message not yet extracted) is better shown than replaced.
  missing: (_locale, id) => id,
});

/** Loads a locale's compiled catalogue and makes it the one every `i18n._` reads. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await CATALOGUES[locale]();
  i18n.loadAndActivate({ locale, messages });
}

/**
 * Marks a text kept in a constant as a catalogue message; it is translated where it is shown, with
 * `i18n._(text)`. Write it as `msg(/*i18n*\/ 'Text')`: the comment is what the extractor reads.
 */
export const msg = (text: string): string => text;

const pluralRulesOf = perLocale((locale) => new Intl.PluralRules(locale));

/**
 * ADR 064: a message that depends on a count — `forms.one` or `forms.other` as the active locale's plural
 * rules choose, each a catalogue message of its own (write them with `msg`). Not Lingui's `plural`: it
 * makes an Intl.NumberFormat for every plural, and the first one of a page loads the locale's number
 * data, the largest piece of the first render's work on a slow phone. Plural rules alone are cheap.
 */
export function countMessage(
  count: number,
  forms: { one: string; other: string },
  values: Record<string, unknown>,
): string {
  const rule = pluralRulesOf(i18n.locale).select(count);
  return i18n._(rule === 'one' ? forms.one : forms.other, values);
}

/**
 * "A", "A and B", "A, B, and C": a list of what a form still needs, joined by the catalogue's own words
 * (the patterns Intl.ListFormat takes from CLDR, as messages a translator writes). Not Intl.ListFormat:
 * the first one of a page loads the locale's list data, 12–24 ms of the details form's first render on
 * the benchmark's machine (ADR 075).
 */
export function conjunctionList(items: readonly string[]): string {
  const [first = '', ...rest] = items;
  if (rest.length === 0) return first;
  if (rest.length === 1) return i18n._('{first} and {second}', { first, second: rest[0] });
  const middle = rest.slice(0, -1);
  const head = middle.reduce((list, item) => i18n._('{list}, {item}', { list, item }), first);
  return i18n._('{list}, and {last}', { list: head, last: rest.at(-1) });
}
