import { describe, expect, it } from 'vitest';
import { conjunctionList, countMessage, i18n } from './i18n';
import { messages } from './locales/en/messages';
import po from './locales/en/messages.po?raw';

// ADR 027: the committed compiled catalogue is the one the app loads, so it must hold every message
// `npm run i18n:extract` found; a stale compile would show nothing wrong in English and lose translations.
const extractedIds = (): string[] => {
  const ids: string[] = [];
  for (const [, first = '', rest = ''] of po.matchAll(/^msgid "(.*)"\n((?:".*"\n)*)/gm)) {
    const id = [first, ...[...rest.matchAll(/^"(.*)"$/gm)].map((line) => line[1] ?? '')].join('');
    if (id !== '') ids.push(JSON.parse(`"${id}"`) as string);
  }
  return ids;
};

describe('the default message catalogue', () => {
  it('has every extracted message compiled, and nothing else', () => {
    expect(Object.keys(messages).sort()).toEqual(extractedIds().sort());
  });

  it('has no Lingui plural: counts go through countMessage, which makes no number formatter (ADR 064)', () => {
    expect(
      Object.keys(messages).filter((id) => /\{\w+, *(plural|selectordinal),/.test(id)),
    ).toEqual([]);
  });

  it('joins a list as Intl.ListFormat does for English, without making one (ADR 075)', () => {
    const names = ['First name', 'Last name', 'Email address', 'Mobile number', 'Consent'];
    const english = new Intl.ListFormat('en', { type: 'conjunction' });
    for (let count = 0; count <= names.length; count += 1) {
      expect(conjunctionList(names.slice(0, count))).toBe(english.format(names.slice(0, count)));
    }
    expect(conjunctionList(['House no.', 'Street'])).toBe('House no. and Street');
  });

  it("chooses the form of a count by the locale's plural rules", () => {
    const forms = { one: '{days} free day', other: '{days} free days' };
    expect([0, 1, 2, 1.5].map((days) => countMessage(days, forms, { days }))).toEqual([
      '0 free days',
      '1 free day',
      '2 free days',
      '1.5 free days',
    ]);
  });

  it('shows the spec text for an id, and a text it does not know as written', () => {
    expect(i18n._('I-check ang iyong address para makita ang <0>special offer!</0>')).toBe(
      'I-check ang iyong address para makita ang <0>special offer!</0>',
    );
    expect(i18n._('This is a required field.')).toBe('This is a required field.');
    expect(i18n._('A message {from} the server')).toBe('A message {from} the server');
  });
});
