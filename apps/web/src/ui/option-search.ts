// product §2.1: the floating-label select is searchable, and Philippine place names carry accents
// ("Las Piñas", "Parañaque"): matching ignores case and accents, so "las p" finds "Las Piñas".

/** Lower case, accents removed, runs of spaces collapsed. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function matchesQuery(text: string, query: string): boolean {
  return normalizeForSearch(text).includes(normalizeForSearch(query));
}

/** product §2.1: a disabled option is written "label|note"; the note is shown muted beside the label. */
export function splitOptionLabel(text: string): { label: string; note?: string } {
  const separator = text.indexOf('|');
  if (separator < 0) return { label: text };
  const note = text.slice(separator + 1).trim();
  return { label: text.slice(0, separator).trim(), note: note || undefined };
}
