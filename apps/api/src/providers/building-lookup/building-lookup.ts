import type { LatLng } from '../../platform/geo';

// product §7.2 "an external facility-service building lookup": which buildings are wired inside, with
// the floors they serve. The building list (product §7.1) and the serviceability decision for a pin on a
// listed building ask it; the local implementation reads Konek's own listed-building catalogue.

/** product §3 building list entry, with what the decision needs beside it. */
export type ListedBuilding = {
  /** The facility service's id of the building (the catalogue's row id, locally). */
  id: string;
  buildingName: string;
  streetName: string;
  /** Upper case ("G", "2", …). */
  servingFloors: string[];
  latitude: number;
  longitude: number;
  /** The PSGC code of the building's barangay: it names the installation's work zone (ADR 035). */
  barangayCode: string;
};

type AreaEntry = { code: string; name: string };

/** An area of the address lists: each level's PSGC code and name as the lists spell it. */
export type BuildingArea = { province: AreaEntry; city: AreaEntry; barangay: AreaEntry };

export type BuildingLookup = {
  name: string;
  /** product §7.1 building list: the listed buildings of the barangay, by name. */
  buildingsOf: (area: BuildingArea) => Promise<ListedBuilding[]>;
  /**
   * The listed buildings a pin may be on: every one within `meters` of the point (a few a little
   * further may come too; the caller measures).
   */
  buildingsNear: (point: LatLng, meters: number) => Promise<ListedBuilding[]>;
};

/** Raised when the building lookup did not answer usefully (down, slow, or a reply it cannot read). */
export class BuildingLookupUnavailableError extends Error {
  constructor(reason: string) {
    super(`building lookup unavailable: ${reason}`);
    this.name = 'BuildingLookupUnavailableError';
  }
}
