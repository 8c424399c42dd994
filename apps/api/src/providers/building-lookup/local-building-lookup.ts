import { boxAround, type Box } from '../../platform/geo';
import type { BuildingLookup, ListedBuilding } from './building-lookup';

/**
 * Konek's own listed-building catalogue (PostgreSQL, kept in memory by the coverage index), as the
 * composition root hands it: the provider reads nothing itself.
 */
export type ListedBuildingCatalogue = {
  ofBarangay: (barangayCode: string) => Promise<ListedBuilding[]>;
  inBox: (box: Box) => Promise<ListedBuilding[]>;
};

/**
 * BUILDING_LOOKUP=local (the default): the facility service played by the catalogue the demo network
 * seeds (docs/coverage-seed.md). It answers as the real one does, and fails as it does: when the
 * database cannot serve, the call is refused (ADR 078) instead of answering that no building is listed.
 */
export function createLocalBuildingLookup(catalogue: ListedBuildingCatalogue): BuildingLookup {
  return {
    name: 'local',
    buildingsOf: (area) => catalogue.ofBarangay(area.barangay.code),
    buildingsNear: (point, meters) => catalogue.inBox(boxAround(point, meters)),
  };
}
