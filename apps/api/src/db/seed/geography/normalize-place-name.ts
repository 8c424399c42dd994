// The three sources spell the same place differently: "Sto. Tomas City" (PSGC), "Sto Tomas"
// (PhilPost), "Santo Tomas" (GeoNames); "Las Piñas City" / "Las Pinas". Names are compared in
// one normal form: no accents, no brackets, no "City (of)", abbreviations spelled out.

const ABBREVIATIONS = new Map([
  ['sta', 'santa'],
  ['sto', 'santo'],
  ['gen', 'general'],
  ['gov', 'governor'],
  ['st', 'saint'],
  ['pres', 'president'],
  ['sen', 'senator'],
  ['mt', 'mount'],
]);

// Words that do not identify a place on their own: a token-subset match must share more than these
// ("San Jose" must not match "San Jose de Buenavista" through "san" alone).
const WEAK_TOKENS = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'san',
  'santa',
  'santo',
  'sa',
  'ng',
  'of',
  'and',
  'north',
  'south',
  'east',
  'west',
  'upper',
  'lower',
  'proper',
  'poblacion',
  'village',
  'subdivision',
  'area',
  'cpo',
  'po',
]);

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Case and accents only, for names that must match as written ("Cotabato City" ≠ "Cotabato"). */
export function foldPlaceName(name: string): string {
  return stripAccents(name).toLowerCase().replace(/\s+/g, ' ').trim();
}

export function normalizePlaceName(name: string): string {
  const words = stripAccents(name)
    .toLowerCase()
    .replace(/\([^)]*\)?/g, ' ')
    .replace(/\b(city|municipality) of\b/g, ' ')
    .replace(/\bcity\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '');
  return words.map((word) => ABBREVIATIONS.get(word) ?? word).join(' ');
}

/** Bracketed text holds the other name: "Montalban (Rodriguez)", "Laak (formerly San Vicente)". */
export function bracketedNames(name: string): string[] {
  return [...name.matchAll(/\(([^)]*)\)/g)]
    .map((match) => (match[1] ?? '').replace(/^\s*formerly\s+/i, '').trim())
    .filter((text) => text !== '');
}

export function placeNameTokens(normalizedName: string): string[] {
  return normalizedName === '' ? [] : normalizedName.split(' ');
}

/** Same words in any order: "Bicutan Lower" and "Lower Bicutan" share this key. */
export function tokenSetKey(normalizedName: string): string {
  return [...new Set(placeNameTokens(normalizedName))].sort().join(' ');
}

export function hasDistinctiveToken(tokens: readonly string[]): boolean {
  return tokens.some((token) => !WEAK_TOKENS.has(token) && !/^\d+$/.test(token));
}
