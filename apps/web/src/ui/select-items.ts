import { matchesQuery, normalizeForSearch, splitOptionLabel } from './option-search';

// The entries of FloatingSelect's list: the options, plus (when creatable) "Use “typed text”" after
// them. The listed matches come first, so the first ArrowDown lands on one: a customer typing part of a
// listed building's name ("Sampaguita") and pressing Enter picks the building, not a new one.

export type SelectOption = {
  value: string;
  /** Shown text; a disabled option may be written "label|note" (product §2.1). */
  label: string;
  disabled?: boolean;
};

export type SelectItemModel =
  { kind: 'option'; option: SelectOption } | { kind: 'create'; value: string };

export function itemToString(item: SelectItemModel | null): string {
  if (!item) return '';
  return item.kind === 'option' ? splitOptionLabel(item.option.label).label : item.value;
}

export function itemToKey(item: SelectItemModel | null): string | null {
  if (!item) return null;
  return item.kind === 'option' ? `option:${item.option.value}` : `create:${item.value}`;
}

export function itemValue(item: SelectItemModel): string {
  return item.kind === 'option' ? item.option.value : item.value;
}

export function selectedItemFor(
  value: string | null,
  options: readonly SelectOption[],
  isCreatable: boolean,
): SelectItemModel | null {
  if (value === null || value === '') return null;
  const option = options.find((candidate) => candidate.value === value);
  if (option) return { kind: 'option', option };
  return isCreatable ? { kind: 'create', value } : null;
}

/**
 * `query` is null until the customer types, so opening the menu lists every option. When creatable and
 * nothing listed is written exactly as typed, "Use “typed”" follows the matches.
 */
export function visibleItems(
  options: readonly SelectOption[],
  query: string | null,
  isCreatable: boolean,
): SelectItemModel[] {
  const matching = query ? options.filter((option) => matchesQuery(option.label, query)) : options;
  const items: SelectItemModel[] = matching.map((option) => ({ kind: 'option', option }));
  const typed = query?.trim();
  if (!isCreatable || !typed) return items;
  const normalized = normalizeForSearch(typed);
  const hasExactMatch = options.some(
    (option) => normalizeForSearch(splitOptionLabel(option.label).label) === normalized,
  );
  return hasExactMatch ? items : [...items, { kind: 'create', value: typed }];
}
