import crypto from 'node:crypto';
import {
  NAP_FILE_ERRORS_LISTED,
  NAP_FILE_MAX_BYTES,
  type TNapFileCounts,
  type TNapFileFormat,
  type TNapFileRequest,
  type TNapFileRowError,
} from '@konek/contract/ops-coverage';
import { NETWORK_MAX_NAPS } from '@konek/contract/ops-network';
import { DomainError } from '../../platform/domain-error';
import type { Clock } from '../../platform/clock';
import { recordChange } from '../audit/service';
import type { Db } from '../../platform/db/database';
import {
  listedBuildingNames,
  lockNetworkBuilding,
  lockNetworkNap,
  networkBuildings,
  networkNaps,
  updateNetworkBuilding,
  updateNetworkNap,
  type MapBuilding,
  type MapNap,
  type MapNapRecord,
  type PlantBox,
  plantNapsOf,
  wholePlant,
  writePlant,
  type PlantNap,
  type PlantNapWrite,
} from '../location/service';
import { NAP_FILE_MEDIA_TYPES, NAP_FILE_NAMES, writeNapFile } from './nap-export';
import { readNapFile, type NapFileReferences, type NapFileRow } from './nap-file';

// ADR 090: the network planner's NAP file. PREVIEW reads and checks every row and compares it with the
// plant; APPLY does the same inside one transaction and writes every new or changed NAP there, or
// nothing when a row has an error. The coverage triggers tell every process's coverage index once the
// transaction commits (ADR 018), so the serviceability check answers from the new plant everywhere.

export type CoverageDependencies = {
  db: Db;
  clock: Clock;
  /** Whether a PSGC city code is a city of the address lists. */
  isCity: (code: string) => boolean;
  /** The radius within which a NAP serves an address (SERVICE_RADIUS_METERS): the map's planned areas. */
  serviceRadiusMeters: number;
  /**
   * Runs inside the transaction of every change to the plant (ADR 094: queues the coverage-arrival
   * sweep, so the change and the sweep it asks for commit together).
   */
  afterPlantChange: (tx: Db) => Promise<void>;
};

export type NapFileReport = {
  counts: TNapFileCounts;
  rowErrors: TNapFileRowError[];
  errorCount: number;
  sha256: string;
};

/** What the audit trail records of an applied file (ADR 090: one entry per import). */
function checkSize(content: string): void {
  if (Buffer.byteLength(content, 'utf8') <= NAP_FILE_MAX_BYTES) return;
  const message = `the file must be at most ${NAP_FILE_MAX_BYTES / (1024 * 1024)} MB`;
  throw new DomainError(
    'common',
    'PAYLOAD_TOO_LARGE',
    { errors: [{ field: 'content', message }] },
    `content: ${message}`,
  );
}

async function referencesOf(deps: CoverageDependencies, db: Db): Promise<NapFileReferences> {
  const listed = await listedBuildingNames(db);
  const buildingIdsByName = new Map<string, number[]>();
  for (const { id, name } of listed) {
    const ids = buildingIdsByName.get(name);
    if (ids) ids.push(id);
    else buildingIdsByName.set(name, [id]);
  }
  return {
    buildingIds: new Set(listed.map((building) => building.id)),
    buildingIdsByName,
    isCity: deps.isCity,
  };
}

const sameBuildings = (left: readonly number[], right: readonly number[]) =>
  left.length === right.length && left.every((id, index) => id === right[index]);

/** True when writing the row would change the NAP. */
function isChange(row: NapFileRow, nap: PlantNap): boolean {
  return (
    row.latitude !== nap.latitude ||
    row.longitude !== nap.longitude ||
    row.portsTotal !== nap.portCount ||
    row.portsUsed !== nap.usedPorts ||
    row.status !== nap.status ||
    row.expectedDate !== nap.expectedDate ||
    (row.cityCode !== undefined && row.cityCode !== nap.cityCode) ||
    (row.buildingIds !== undefined && !sameBuildings(row.buildingIds, nap.buildingIds))
  );
}

const writeOf = (row: NapFileRow): PlantNapWrite => ({
  code: row.code,
  latitude: row.latitude,
  longitude: row.longitude,
  portCount: row.portsTotal,
  usedPorts: row.portsUsed,
  status: row.status,
  expectedDate: row.expectedDate,
  cityCode: row.cityCode,
  buildingIds: row.buildingIds,
});

type ReadFile = {
  checked: Awaited<ReturnType<typeof readNapFile>>;
  sha256: string;
};

/** The file read and every row checked (the buildings and cities it names asked of `db`). */
async function readFile(
  deps: CoverageDependencies,
  db: Db,
  file: TNapFileRequest,
): Promise<ReadFile> {
  checkSize(file.content);
  const sha256 = crypto.createHash('sha256').update(file.content, 'utf8').digest('hex');
  const checked = await readNapFile(
    file.format,
    file.content,
    await referencesOf(deps, db),
    NAP_FILE_ERRORS_LISTED,
  );
  return { checked, sha256 };
}

/** The checked rows compared with the plant as `db` sees it: the report and the NAPs to write. */
async function compare(
  db: Db,
  { checked, sha256 }: ReadFile,
): Promise<{ report: NapFileReport; writes: PlantNapWrite[] }> {
  const existing = new Map(
    (
      await plantNapsOf(
        db,
        checked.rows.map((row) => row.code),
      )
    ).map((nap) => [nap.code, nap]),
  );
  const counts: TNapFileCounts = {
    new: 0,
    changed: 0,
    unchanged: 0,
    errors: checked.rowsWithErrors,
  };
  const writes: PlantNapWrite[] = [];
  for (const row of checked.rows) {
    const nap = existing.get(row.code);
    if (nap === undefined) counts.new += 1;
    else if (isChange(row, nap)) counts.changed += 1;
    else {
      counts.unchanged += 1;
      continue;
    }
    writes.push(writeOf(row));
  }
  return {
    report: { counts, rowErrors: checked.errors, errorCount: checked.errorCount, sha256 },
    writes,
  };
}

/** PREVIEW: every row checked and compared with the plant; nothing written. */
export async function previewNapFile(
  deps: CoverageDependencies,
  file: TNapFileRequest,
): Promise<NapFileReport> {
  return (await compare(deps.db, await readFile(deps, deps.db, file))).report;
}

/**
 * APPLY: the same checks — any row with an error and nothing is written (coverage.FILE_HAS_ERRORS with
 * the report) — then, in one transaction, the rows compared with the plant and every new or changed NAP
 * written, so the counts are those of what was written. The file is read before the transaction opens,
 * so no connection waits on the parsing; a building deleted in between fails the write (its foreign key)
 * and nothing is written.
 */
export async function applyNapFile(
  deps: CoverageDependencies,
  operatorId: string,
  file: TNapFileRequest,
): Promise<NapFileReport> {
  const read = await readFile(deps, deps.db, file);
  if (read.checked.rowsWithErrors > 0) {
    const { report } = await compare(deps.db, read);
    const message = `${report.counts.errors} of the file's rows have errors; nothing was imported`;
    throw new DomainError(
      'coverage',
      'FILE_HAS_ERRORS',
      {
        errors: [{ field: 'content', message }],
        counts: report.counts,
        row_errors: report.rowErrors,
        error_count: report.errorCount,
        sha256: report.sha256,
      },
      `content: ${message}`,
    );
  }
  return deps.db.transaction(async (tx) => {
    const { report, writes } = await compare(tx, read);
    await writePlant(tx, writes);
    await deps.afterPlantChange(tx);
    // ADR 089: the import's audit row, in its transaction (the file by its name and hash).
    await recordChange(tx, {
      operatorId,
      at: deps.clock.now(),
      entity: 'nap_import',
      entityId: report.sha256,
      action: 'import',
      before: null,
      after: {
        ...report.counts,
        file_name: file.file_name,
        sha256: report.sha256,
        format: file.format,
      },
    });
    return report;
  });
}

/** EXPORT: the whole plant as a NAP file the import reads back unchanged. */
export async function exportNapFile(
  deps: CoverageDependencies,
  format: TNapFileFormat,
): Promise<{ fileName: string; mediaType: string; content: string; napCount: number }> {
  const plant = await wholePlant(deps.db);
  return {
    fileName: NAP_FILE_NAMES[format],
    mediaType: NAP_FILE_MEDIA_TYPES[format],
    content: writeNapFile(format, plant),
    napCount: plant.length,
  };
}

// ADR 090 (the map and in-place edits): the network planner's map reads the plant as compact rows; one
// NAP or one listed building is changed in one transaction with its audit row (before and after), and
// the coverage triggers tell every process's index once it commits (ADR 018).

export type NetworkMap = {
  naps: MapNap[];
  buildings: MapBuilding[];
  /** More NAPs or buildings lie in the box than NETWORK_MAX_NAPS. */
  truncated: boolean;
  serviceRadiusMeters: number;
};

/**
 * The NAPs (compact rows) and listed buildings in `box`, or all of them, at most NETWORK_MAX_NAPS of
 * each; or, for a `code`, that one NAP and no buildings.
 */
export async function networkMap(
  deps: CoverageDependencies,
  ask: { box?: PlantBox; code?: string },
): Promise<NetworkMap> {
  const limit = NETWORK_MAX_NAPS;
  if (ask.code !== undefined) {
    const found = await networkNaps(deps.db, { code: ask.code, limit });
    return {
      naps: found.naps,
      buildings: [],
      truncated: false,
      serviceRadiusMeters: deps.serviceRadiusMeters,
    };
  }
  const [naps, buildings] = await Promise.all([
    networkNaps(deps.db, { ...(ask.box ? { box: ask.box } : {}), limit }),
    networkBuildings(deps.db, ask.box, limit),
  ]);
  return {
    naps: naps.naps,
    buildings: buildings.buildings,
    truncated: naps.truncated || buildings.truncated,
    serviceRadiusMeters: deps.serviceRadiusMeters,
  };
}

/** The NAP as its audit rows record it (the contract's field names). */
const napState = (nap: MapNapRecord) => ({
  latitude: nap.latitude,
  longitude: nap.longitude,
  ports_total: nap.portsTotal,
  ports_used: nap.portsUsed,
  status: nap.status,
  expected_date: nap.expectedDate,
});

/** The building as its audit rows record it. */
const buildingState = (building: MapBuilding) => ({
  building_name: building.buildingName,
  serving_floors: building.servingFloors,
});

/** Changes one NAP in place; coverage.NAP_NOT_FOUND for a code no NAP has. */
export async function editNap(
  deps: CoverageDependencies,
  operatorId: string,
  edit: MapNapRecord,
): Promise<MapNapRecord> {
  return deps.db.transaction(async (tx) => {
    const before = await lockNetworkNap(tx, edit.code);
    if (before === undefined) throw new DomainError('coverage', 'NAP_NOT_FOUND', { field: 'code' });
    const after = await updateNetworkNap(tx, edit);
    await deps.afterPlantChange(tx);
    await recordChange(tx, {
      operatorId,
      at: deps.clock.now(),
      entity: 'nap',
      entityId: edit.code,
      action: 'update',
      before: napState(before),
      after: napState(after),
    });
    return after;
  });
}

/** Changes one listed building's name and floors served; coverage.BUILDING_NOT_FOUND for an unknown id. */
export async function editBuilding(
  deps: CoverageDependencies,
  operatorId: string,
  id: number,
  change: { buildingName: string; servingFloors: string[] },
): Promise<MapBuilding> {
  return deps.db.transaction(async (tx) => {
    const before = await lockNetworkBuilding(tx, id);
    if (before === undefined) {
      throw new DomainError('coverage', 'BUILDING_NOT_FOUND', { field: 'id' });
    }
    const after = await updateNetworkBuilding(tx, id, change);
    await deps.afterPlantChange(tx);
    await recordChange(tx, {
      operatorId,
      at: deps.clock.now(),
      entity: 'building',
      entityId: String(id),
      action: 'update',
      before: buildingState(before),
      after: buildingState(after),
    });
    return after;
  });
}
