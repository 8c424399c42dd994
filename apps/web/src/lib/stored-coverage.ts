import type { PROPERTY_TYPES } from '@konek/contract/constants';

// ADR 030: what the stored answer may claim about fibre at the customer's address. Only the latest
// answer of the server for the address as it stands now counts: an answer for an address since edited,
// a failed check, or no check at all claims nothing, and an answer older than COVERAGE_FRESH_MS is asked
// again before anything is claimed. Pure and free of the app's libraries: the app (lib/coverage.ts) and
// the first-paint script in the page's head (ADR 058) decide by the same rule.

/** How long an answer stands before the server is asked again. */
export const COVERAGE_FRESH_MS = 10 * 60_000;

/** The parts of an address that decide its coverage. */
export type CoverageAddress = {
  radioTypeValue: (typeof PROPERTY_TYPES)[number];
  area: { barangay: { address_code: string } };
  searchResult: { lat: number; lng: number };
  condominium: { buildingName: string; floor: string };
};

/**
 * What decides coverage in an address: the property type, the barangay, the pinned position and, in a
 * building, its name and floor. Two addresses with the same key get the same answer.
 */
export function coverageKey(address: CoverageAddress): string {
  const isBuilding = address.radioTypeValue === 'Condominium';
  return JSON.stringify([
    address.radioTypeValue,
    address.area.barangay.address_code,
    address.searchResult.lat,
    address.searchResult.lng,
    isBuilding ? address.condominium.buildingName.trim().toLowerCase() : null,
    isBuilding ? address.condominium.floor.trim() : null,
  ]);
}

/** The stored answer, as far as the rule reads it. */
export type StoredAnswer = {
  address: CoverageAddress;
  result: { serviceable: boolean } | null;
  checkedAt: number;
};

/** What the stored answer may claim for `address` at `now`: the rule itself. */
export function storedClaim(
  address: CoverageAddress | null,
  answer: StoredAnswer | null,
  now: number,
): 'none' | 'checking' | 'available' | 'unavailable' {
  if (!address || !answer || coverageKey(answer.address) !== coverageKey(address)) return 'none';
  if (answer.result === null || now - answer.checkedAt >= COVERAGE_FRESH_MS) return 'checking';
  return answer.result.serviceable ? 'available' : 'unavailable';
}
