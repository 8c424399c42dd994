import { DEMAND_FILE_COLUMNS, type TDemandRow } from '@konek/contract/ops-demand';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { Box, LatLng } from '../../platform/geo';
import { allWaitingHouseholds, type WaitingHousehold } from '../coverage-alerts/service';
import {
  areaOfNames,
  napReachOf,
  type AddressCatalogue,
  type CoverageIndex,
} from '../location/service';

// ADR 095: the network planner's demand map. The waiting households are the coverage-arrival sweep's own
// (a household is its email, in any case, and its barangay; it waits from its latest notify-me
// request until it is alerted), read in one query. Each is placed in the barangay its area names give
// (names or codes, ADR 081) and decided against the coverage index in memory (ADR 018) by the check's
// NAP rule — an active NAP with a free port within the service radius serves it now — which also gives the
// earliest planned NAP within the radius. A KD-tree lookup per household: 10,000 of them take
// milliseconds, and the rule is the check's own code rather than a second copy of it in SQL.

export type DemandDependencies = {
  db: Db;
  clock: Clock;
  coverage: CoverageIndex;
  catalogue: AddressCatalogue;
  serviceRadiusMeters: number;
  /** Resolves once every plant change committed before the call is in the coverage index. */
  syncCoverage: () => Promise<void>;
};

type Group = {
  code: string | null;
  barangay: string;
  city: string;
  province: string;
  point: LatLng | null;
  households: WaitingHousehold[];
};

const inBox = (point: LatLng, box: Box) =>
  point.latitude >= box.south &&
  point.latitude <= box.north &&
  point.longitude >= box.west &&
  point.longitude <= box.east;

const meanPoint = (households: readonly WaitingHousehold[]): LatLng => ({
  latitude: households.reduce((sum, h) => sum + h.latitude, 0) / households.length,
  longitude: households.reduce((sum, h) => sum + h.longitude, 0) / households.length,
});

/** Households whose names match no barangay are grouped by the names as sent (case and spacing aside). */
const namesKey = (household: WaitingHousehold) =>
  [household.province, household.city, household.barangay]
    .map((name) => name.trim().toLowerCase().replaceAll(/\s+/g, ' '))
    .join('|');

function groupByBarangay(
  catalogue: AddressCatalogue,
  households: readonly WaitingHousehold[],
): Group[] {
  const groups = new Map<string, Group>();
  // Households of one area mostly name it alike: each spelling is resolved once.
  const areas = new Map<string, ReturnType<typeof areaOfNames>>();
  for (const household of households) {
    const sent = `${household.province}\u0000${household.city}\u0000${household.barangay}`;
    if (!areas.has(sent)) areas.set(sent, areaOfNames(catalogue, household));
    const area = areas.get(sent);
    const key = area ? area.barangay.code : `?${namesKey(household)}`;
    let group = groups.get(key);
    if (!group) {
      group = area
        ? {
            code: area.barangay.code,
            barangay: area.barangay.name,
            city: area.city.name,
            province: area.province.name,
            point: area.point,
            households: [],
          }
        : {
            code: null,
            barangay: household.barangay,
            city: household.city,
            province: household.province,
            point: null,
            households: [],
          };
      groups.set(key, group);
    }
    group.households.push(household);
  }
  return [...groups.values()];
}

/**
 * The barangays with households waiting (in the box, when given: by the barangay's point), each with
 * its count, the share served now and the earliest planned date; most waiting first, then by name.
 * A household counts once: the sweep's household is its email and area as sent, so two requests of one
 * email naming one barangay differently are merged here by the barangay they resolve to.
 */
export async function demandRows(deps: DemandDependencies, box?: Box): Promise<TDemandRow[]> {
  await deps.syncCoverage();
  const households = await allWaitingHouseholds(deps.db);
  const now = deps.clock.now();
  const rows: TDemandRow[] = [];
  for (const group of groupByBarangay(deps.catalogue, households)) {
    const latest = new Map<string, WaitingHousehold>();
    for (const household of group.households) {
      const email = household.email.toLowerCase();
      const known = latest.get(email);
      if (!known || known.requestId < household.requestId) latest.set(email, household);
    }
    const waiting = [...latest.values()];
    const point = group.point ?? meanPoint(waiting);
    if (box && !inBox(point, box)) continue;
    let served = 0;
    let plannedDate: string | null = null;
    for (const household of waiting) {
      const reach = await napReachOf(deps.coverage, household, deps.serviceRadiusMeters, now);
      if (reach.served) served += 1;
      if (reach.plannedDate && (plannedDate === null || reach.plannedDate < plannedDate)) {
        plannedDate = reach.plannedDate;
      }
    }
    rows.push({
      barangay_code: group.code,
      barangay: group.barangay,
      city: group.city,
      province: group.province,
      latitude: point.latitude,
      longitude: point.longitude,
      waiting: waiting.length,
      covered_share: served / waiting.length,
      planned_date: plannedDate,
    });
  }
  return rows.sort(
    (left, right) =>
      right.waiting - left.waiting ||
      left.city.localeCompare(right.city) ||
      left.barangay.localeCompare(right.barangay),
  );
}

export const DEMAND_FILE_NAME = 'demand.csv';
export const DEMAND_MEDIA_TYPE = 'text/csv';

/** What a spreadsheet would run as a formula when the file is opened (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell: a formula's start is made text by a leading apostrophe, then quoted as CSV needs. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(row: TDemandRow): string {
  const values: Record<(typeof DEMAND_FILE_COLUMNS)[number], string> = {
    barangay_code: csvText(row.barangay_code ?? ''),
    barangay: csvText(row.barangay),
    city: csvText(row.city),
    province: csvText(row.province),
    latitude: String(Math.round(row.latitude * 1e6) / 1e6),
    longitude: String(Math.round(row.longitude * 1e6) / 1e6),
    waiting: String(row.waiting),
    covered_share: String(Math.round(row.covered_share * 1000) / 1000),
    planned_date: row.planned_date ?? '',
  };
  return DEMAND_FILE_COLUMNS.map((column) => values[column]).join(',');
}

/** The rows as a CSV file with its header. */
export function writeDemandFile(rows: readonly TDemandRow[]): string {
  return [DEMAND_FILE_COLUMNS.join(','), ...rows.map(csvLine)].join('\n') + '\n';
}
