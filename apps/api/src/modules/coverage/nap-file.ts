import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse as parseCsv } from 'csv-parse';
import {
  NAP_FILE_COLUMNS,
  NAP_FILE_MAX_ROWS,
  NAP_FILE_REQUIRED_COLUMNS,
  type TNapFileColumn,
  type TNapFileFormat,
  type TNapFileRowError,
} from '@konek/contract/ops-coverage';
import { MESSAGE_LONE_SURROGATE, unsafeTextProblem } from '@konek/contract/safe-text';
import { DomainError } from '../../platform/domain-error';

// ADR 090: the network planner's NAP file, read and checked row by row. CSV goes through csv-parse as a
// stream of records (the text arrives whole in the JSON body, but is fed in 64 KB pieces and the event
// loop is given a turn every ROWS_PER_TURN rows); GeoJSON is one JSON.parse of text already bounded to
// NAP_FILE_MAX_BYTES (V8's parser does not recurse, and only the fields below are read). Every value is
// checked for what the safe-input rule refuses (ADR 020) and for spreadsheet formulas, so hostile text is
// that row's error. Nothing here touches the database: the buildings and cities a row may name come in.

const ROWS_PER_TURN = 2000;
const CSV_PIECE = 64 * 1024;

/** A row that passed every check, as the plant stores it. */
export type NapFileRow = {
  row: number;
  line: number | null;
  code: string;
  latitude: number;
  longitude: number;
  portsTotal: number;
  portsUsed: number;
  status: 'active' | 'planned';
  expectedDate: string | null;
  /** Sorted building ids; undefined when the file leaves the column out (the NAP keeps its own). */
  buildingIds: number[] | undefined;
  /** Undefined when left empty or out: the NAP keeps its city (a new one has none). */
  cityCode: string | undefined;
};

/** What the file may name besides its NAPs: the listed buildings and the cities. */
export type NapFileReferences = {
  buildingIds: ReadonlySet<number>;
  buildingIdsByName: ReadonlyMap<string, readonly number[]>;
  isCity: (code: string) => boolean;
};

export type NapFileCheck = {
  rows: NapFileRow[];
  errors: TNapFileRowError[];
  /** Rows with at least one error. */
  rowsWithErrors: number;
};

/** One row as read, before its values are checked: text values by column. */
type RawRow = {
  row: number;
  line: number | null;
  values: Partial<Record<TNapFileColumn, string>>;
  /** The served buildings one by one, when the file has the column. */
  buildings: string[] | undefined;
  /** How an error names the column: the CSV header's name, or the path in a GeoJSON feature. */
  fieldOf: (column: TNapFileColumn) => string;
  /** Problems found while reading (a GeoJSON value of the wrong type). */
  problems: TNapFileRowError[];
};

// ── The checks of one value ───────────────────────────────────────────────────────────────────────

/** The Philippines, with a margin: a swapped latitude and longitude, or a stray sign, falls outside. */
const LATITUDE = { min: 4, max: 21.5 };
const LONGITUDE = { min: 116, max: 127 };
const MAX_PORTS = 1024;
const MAX_BUILDINGS = 200;
const NAP_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** Up to 17 decimals: the most JavaScript writes for a double of a few degrees. */
const DECIMAL = /^-?\d{1,3}(\.\d{1,17})?$/;
const WHOLE = /^\d{1,6}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CITY_CODE = /^\d{10}$/;
const BUILDING_ID = /^\d{1,9}$/;
/** What a spreadsheet would run as a formula when the exported file is opened (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * csv-parse reads UTF-8 bytes, and a lone surrogate has none (it would come back as U+FFFD, and pass):
 * each is replaced by this noncharacter before parsing, and a value holding it is refused as a lone
 * surrogate (a U+FFFF the planner's file holds itself is refused the same way; it is no text either).
 */
const LONE_SURROGATE_MARK = '\uFFFF';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const MESSAGE_FORMULA =
  'must not start with =, +, -, @, a tab or a carriage return (a spreadsheet would run it as a formula)';

/** Why a text value is refused as text, before its own rule: control characters, surrogates, formulas. */
function hostileTextProblem(value: string, isNumber: boolean): string | undefined {
  if (value.includes(LONE_SURROGATE_MARK)) return MESSAGE_LONE_SURROGATE;
  const unsafe = unsafeTextProblem(value);
  if (unsafe !== undefined) return unsafe;
  // A number's minus sign is no formula; its own pattern refuses anything else after it.
  if (!isNumber && FORMULA_START.test(value)) return MESSAGE_FORMULA;
  return undefined;
}

function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

const NUMBER_COLUMNS: ReadonlySet<TNapFileColumn> = new Set([
  'latitude',
  'longitude',
  'ports_total',
  'ports_used',
]);

/** The row's checked values, or its errors. `seen` holds the codes of earlier rows with their row. */
function checkRow(
  raw: RawRow,
  references: NapFileReferences,
  seen: Map<string, number>,
): { row: NapFileRow } | { errors: TNapFileRowError[] } {
  const errors: TNapFileRowError[] = [...raw.problems];
  const fail = (column: TNapFileColumn, message: string, field = raw.fieldOf(column)) =>
    errors.push({ row: raw.row, line: raw.line, field, message });
  const failed = new Set(raw.problems.map((problem) => problem.field));

  /** The column's text when present and not hostile; '' when empty or left out. */
  const text = (column: TNapFileColumn): string => {
    if (failed.has(raw.fieldOf(column))) return '';
    const value = raw.values[column] ?? '';
    const hostile = hostileTextProblem(value, NUMBER_COLUMNS.has(column));
    if (hostile !== undefined) {
      fail(column, hostile);
      failed.add(raw.fieldOf(column));
      return '';
    }
    return value;
  };
  const required = (column: TNapFileColumn): string | undefined => {
    const value = text(column);
    if (value === '') {
      if (!failed.has(raw.fieldOf(column))) fail(column, 'is required');
      return undefined;
    }
    return value;
  };

  const code = required('id');
  if (code !== undefined) {
    const earlier = seen.get(code);
    if (!NAP_CODE.test(code)) {
      fail(
        'id',
        'must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit',
      );
    } else if (earlier !== undefined) {
      fail('id', `NAP ${code} is already in row ${earlier}`);
    } else {
      seen.set(code, raw.row);
    }
  }

  const coordinate = (column: 'latitude' | 'longitude', range: { min: number; max: number }) => {
    const value = required(column);
    if (value === undefined) return undefined;
    const number = DECIMAL.test(value) ? Number(value) : Number.NaN;
    if (Number.isNaN(number)) {
      fail(column, 'must be a decimal number of degrees');
      return undefined;
    }
    if (number < range.min || number > range.max) {
      fail(column, `must be within the Philippines (${range.min} to ${range.max})`);
      return undefined;
    }
    return number;
  };
  const latitude = coordinate('latitude', LATITUDE);
  const longitude = coordinate('longitude', LONGITUDE);

  const whole = (column: 'ports_total' | 'ports_used', min: number) => {
    const value = required(column);
    if (value === undefined) return undefined;
    if (!WHOLE.test(value) || Number(value) < min || Number(value) > MAX_PORTS) {
      fail(column, `must be a whole number from ${min} to ${MAX_PORTS}`);
      return undefined;
    }
    return Number(value);
  };
  const portsTotal = whole('ports_total', 1);
  const portsUsed = whole('ports_used', 0);
  if (portsTotal !== undefined && portsUsed !== undefined && portsUsed > portsTotal) {
    fail('ports_used', `must not be more than ports_total (${portsTotal})`);
  }

  const statusText = required('status');
  let status: 'active' | 'planned' | undefined;
  if (statusText === 'active' || statusText === 'planned') status = statusText;
  else if (statusText !== undefined) fail('status', 'must be active or planned');

  const dayText = text('expected_date');
  let expectedDate: string | null = null;
  if (dayText !== '') {
    if (!isCalendarDay(dayText)) fail('expected_date', 'must be a date as YYYY-MM-DD');
    else if (status === 'active') fail('expected_date', 'is only for a planned NAP');
    else expectedDate = dayText;
  } else if (status === 'planned' && !failed.has(raw.fieldOf('expected_date'))) {
    fail('expected_date', 'is required for a planned NAP (YYYY-MM-DD)');
  }

  let buildingIds: number[] | undefined;
  if (raw.buildings !== undefined && !failed.has(raw.fieldOf('served_buildings'))) {
    const ids = new Set<number>();
    if (raw.buildings.length > MAX_BUILDINGS) {
      fail('served_buildings', `must name at most ${MAX_BUILDINGS} buildings`);
    }
    for (const reference of raw.buildings.slice(0, MAX_BUILDINGS)) {
      const hostile = hostileTextProblem(reference, false);
      if (hostile !== undefined) {
        fail('served_buildings', hostile);
        continue;
      }
      if (BUILDING_ID.test(reference)) {
        if (references.buildingIds.has(Number(reference))) ids.add(Number(reference));
        else fail('served_buildings', `no listed building has the id ${reference}`);
        continue;
      }
      const named = references.buildingIdsByName.get(reference) ?? [];
      if (named.length === 1) ids.add(named[0]!);
      else if (named.length === 0) {
        fail('served_buildings', `no listed building is named "${reference.slice(0, 100)}"`);
      } else {
        fail(
          'served_buildings',
          `${named.length} listed buildings are named "${reference.slice(0, 100)}": give its id`,
        );
      }
    }
    buildingIds = [...ids].sort((left, right) => left - right);
  }

  const cityText = text('city_code');
  let cityCode: string | undefined;
  if (cityText !== '') {
    if (!CITY_CODE.test(cityText)) fail('city_code', 'must be a PSGC city code of 10 digits');
    else if (!references.isCity(cityText)) fail('city_code', `no city has the code ${cityText}`);
    else cityCode = cityText;
  }

  if (errors.length > 0) return { errors };
  return {
    row: {
      row: raw.row,
      line: raw.line,
      code: code!,
      latitude: latitude!,
      longitude: longitude!,
      portsTotal: portsTotal!,
      portsUsed: portsUsed!,
      status: status!,
      expectedDate,
      buildingIds,
      cityCode,
    },
  };
}

// ── Reading the formats ───────────────────────────────────────────────────────────────────────────

/** The file as a whole cannot be read: a 400 naming `content`, as a schema failure would. */
function unreadable(message: string): DomainError<'common'> {
  return new DomainError(
    'common',
    'VALIDATION_FAILED',
    { errors: [{ field: 'content', message }] },
    `content: ${message}`,
  );
}

/** A file of more rows than any plant has: refused before its rows cost their checks. */
const tooManyRows = () =>
  unreadable(`must hold at most ${NAP_FILE_MAX_ROWS.toLocaleString('en')} NAPs`);

const isColumn = (name: string): name is TNapFileColumn =>
  (NAP_FILE_COLUMNS as readonly string[]).includes(name);

function checkHeader(names: readonly string[]): TNapFileColumn[] {
  const columns: TNapFileColumn[] = [];
  for (const name of names) {
    const problem = unsafeTextProblem(name);
    if (problem !== undefined) throw unreadable(`the header ${problem}`);
    if (!isColumn(name)) {
      throw unreadable(
        `the header names an unknown column "${name.slice(0, 40)}" (the columns: ${NAP_FILE_COLUMNS.join(', ')})`,
      );
    }
    if (columns.includes(name)) throw unreadable(`the header names ${name} twice`);
    columns.push(name);
  }
  const missing = NAP_FILE_REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw unreadable(`the header has no ${missing.join(', ')}`);
  return columns;
}

async function* csvRows(file: string): AsyncGenerator<RawRow> {
  const content = file.replace(LONE_SURROGATE, LONE_SURROGATE_MARK);
  const pieces = (function* () {
    for (let at = 0; at < content.length; at += CSV_PIECE) yield content.slice(at, at + CSV_PIECE);
  })();
  const parser = Readable.from(pieces).pipe(
    parseCsv({
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: 64 * 1024,
    }),
  );
  let columns: TNapFileColumn[] | undefined;
  let row = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (columns === undefined) {
        columns = checkHeader(record);
        continue;
      }
      row += 1;
      if (row > NAP_FILE_MAX_ROWS) throw tooManyRows();
      const values: Partial<Record<TNapFileColumn, string>> = {};
      columns.forEach((column, index) => {
        values[column] = record[index] ?? '';
      });
      const problems: TNapFileRowError[] =
        record.length === columns.length
          ? []
          : [
              {
                row,
                line: info.lines,
                field: 'row',
                message: `has ${record.length} values; the header has ${columns.length} columns`,
              },
            ];
      const served = values.served_buildings;
      yield {
        row,
        line: info.lines,
        values,
        buildings: columns.includes('served_buildings')
          ? (served ?? '')
              .split(';')
              .map((part) => part.trim())
              .filter((part) => part !== '')
          : undefined,
        fieldOf: (column) => column,
        problems,
      };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const { message, lines } = error as { message?: string; lines?: number };
    throw unreadable(
      `is not readable CSV${lines === undefined ? '' : ` at line ${lines}`}: ${String(message ?? error).slice(0, 200)}`,
    );
  }
  if (columns === undefined) throw unreadable('is empty: the first line must be the header');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A GeoJSON property as text: strings as they are, numbers as JavaScript writes them. */
function propertyText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value === null || value === undefined) return '';
  return undefined;
}

function* geoJsonRows(content: string): Generator<RawRow> {
  let document: unknown;
  try {
    document = JSON.parse(content);
  } catch (error) {
    throw unreadable(`is not valid JSON: ${(error as Error).message.slice(0, 200)}`);
  }
  if (!isObject(document) || document['type'] !== 'FeatureCollection') {
    throw unreadable('must be a GeoJSON FeatureCollection');
  }
  const features = document['features'];
  if (!Array.isArray(features)) throw unreadable('must have a features array');
  if (features.length > NAP_FILE_MAX_ROWS) throw tooManyRows();
  const fieldOf = (column: TNapFileColumn) =>
    column === 'latitude'
      ? 'geometry.coordinates[1]'
      : column === 'longitude'
        ? 'geometry.coordinates[0]'
        : `properties.${column}`;
  for (const [index, feature] of features.entries()) {
    const row = index + 1;
    const problems: TNapFileRowError[] = [];
    const problem = (field: string, message: string) =>
      problems.push({ row, line: null, field, message });
    const values: Partial<Record<TNapFileColumn, string>> = {};
    let buildings: string[] | undefined;
    if (!isObject(feature) || feature['type'] !== 'Feature') {
      problem('feature', 'must be a GeoJSON Feature');
      yield { row, line: null, values, buildings, fieldOf, problems };
      continue;
    }
    const geometry = feature['geometry'];
    const coordinates = isObject(geometry) ? geometry['coordinates'] : undefined;
    if (
      !isObject(geometry) ||
      geometry['type'] !== 'Point' ||
      !Array.isArray(coordinates) ||
      coordinates.length < 2 ||
      typeof coordinates[0] !== 'number' ||
      typeof coordinates[1] !== 'number'
    ) {
      problem('geometry', 'must be a Point with coordinates [longitude, latitude]');
    } else {
      values.longitude = String(coordinates[0]);
      values.latitude = String(coordinates[1]);
    }
    const properties = isObject(feature['properties']) ? feature['properties'] : {};
    for (const column of NAP_FILE_COLUMNS) {
      if (column === 'latitude' || column === 'longitude' || column === 'served_buildings')
        continue;
      const value = propertyText(properties[column]);
      if (value === undefined) problem(fieldOf(column), 'must be text or a number');
      else values[column] = value;
    }
    if (Object.hasOwn(properties, 'served_buildings')) {
      const served = properties['served_buildings'];
      if (served === null) buildings = [];
      else if (!Array.isArray(served)) {
        problem(fieldOf('served_buildings'), 'must be a list of building ids or names');
      } else {
        buildings = [];
        for (const entry of served) {
          const value = propertyText(entry);
          if (value === undefined || value === '') {
            problem(fieldOf('served_buildings'), 'must list building ids or names');
            break;
          }
          buildings.push(value);
        }
      }
    }
    yield { row, line: null, values, buildings, fieldOf, problems };
  }
}

/**
 * Every row of the file checked: the good ones, and the errors of the others in file order (the first
 * `errorLimit` of them listed, all counted). A file that cannot be read at all is a 400 naming `content`.
 */
export async function readNapFile(
  format: TNapFileFormat,
  content: string,
  references: NapFileReferences,
  errorLimit: number,
): Promise<NapFileCheck & { errorCount: number }> {
  const rows: NapFileRow[] = [];
  const errors: TNapFileRowError[] = [];
  let errorCount = 0;
  let rowsWithErrors = 0;
  const seen = new Map<string, number>();
  const source: AsyncIterable<RawRow> | Iterable<RawRow> =
    format === 'csv' ? csvRows(content) : geoJsonRows(content);
  let count = 0;
  for await (const raw of source) {
    const checked = checkRow(raw, references, seen);
    if ('row' in checked) {
      rows.push(checked.row);
    } else {
      rowsWithErrors += 1;
      errorCount += checked.errors.length;
      for (const error of checked.errors) if (errors.length < errorLimit) errors.push(error);
    }
    count += 1;
    if (count % ROWS_PER_TURN === 0) await nextTurn();
  }
  return { rows, errors, rowsWithErrors, errorCount };
}
