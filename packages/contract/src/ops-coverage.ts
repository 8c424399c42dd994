import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// ADR 090: the network planner's NAP file (/api/ops, a network planner's token). One file in, as CSV or
// GeoJSON, carried as text in the JSON body: PREVIEW checks every row and writes nothing, APPLY checks
// the same way and writes every row in one transaction or none; EXPORT gives the plant back in either
// format, the same columns, so an exported file imports with nothing changed.

export const OPS_COVERAGE_PREVIEW_PATH = '/api/ops/coverage/naps/preview';
export const OPS_COVERAGE_APPLY_PATH = '/api/ops/coverage/naps/apply';
export const OPS_COVERAGE_EXPORT_PATH = '/api/ops/coverage/naps/export';

export const NAP_FILE_FORMATS = ['csv', 'geojson'] as const;
export type TNapFileFormat = (typeof NAP_FILE_FORMATS)[number];

/** The largest file, in bytes of UTF-8 (the body that carries it may be larger: JSON escapes). */
export const NAP_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The most rows (CSV) or features (GeoJSON) a file may hold: twice a national plant. */
export const NAP_FILE_MAX_ROWS = 200_000;
/** How many row errors a reply lists (the counts cover them all). */
export const NAP_FILE_ERRORS_LISTED = 100;

/**
 * The columns of the CSV header and the GeoJSON feature's properties (latitude and longitude are the
 * GeoJSON Point's coordinates [longitude, latitude] there). `id` is the NAP's code. `served_buildings`
 * lists listed buildings by id (digits) or by exact name, separated by ";" in CSV, an array in
 * GeoJSON; export writes ids. `city_code` is the PSGC code of the city the NAP serves (its installation
 * work zone); left empty it keeps what the NAP has.
 */
export const NAP_FILE_COLUMNS = [
  'id',
  'latitude',
  'longitude',
  'ports_total',
  'ports_used',
  'status',
  'expected_date',
  'served_buildings',
  'city_code',
] as const;
export type TNapFileColumn = (typeof NAP_FILE_COLUMNS)[number];
/** Columns a CSV header must have; the others may be left out. */
export const NAP_FILE_REQUIRED_COLUMNS: readonly TNapFileColumn[] = [
  'id',
  'latitude',
  'longitude',
  'ports_total',
  'ports_used',
  'status',
];

export const ZNapFileRequest = z.object({
  format: z.enum(NAP_FILE_FORMATS),
  /** Shown in the audit trail beside the file's SHA-256. */
  file_name: z.string().trim().min(1).max(200),
  /**
   * The file's text. Its characters are checked row by row by the server (a NUL or a formula in one
   * row is that row's error), not refused for the whole body; at most NAP_FILE_MAX_BYTES of UTF-8
   * (the server answers 413 naming `content` past it).
   */
  content: z.string(),
});
export type TNapFileRequest = z.infer<typeof ZNapFileRequest>;

export const ZNapFileCounts = z.object({
  /** Rows whose id no NAP has yet. */
  new: z.number().int(),
  /** Rows of existing NAPs that differ from them. */
  changed: z.number().int(),
  /** Rows of existing NAPs that are the same. */
  unchanged: z.number().int(),
  /** Rows with at least one error. */
  errors: z.number().int(),
});
export type TNapFileCounts = z.infer<typeof ZNapFileCounts>;

export const ZNapFileRowError = z.object({
  /** The data row (CSV) or feature (GeoJSON), counted from 1. */
  row: z.number().int(),
  /**
   * The CSV line the row ends on (the header is line 1): its only line, unless a quoted value spans
   * lines. Null in GeoJSON, whose rows are counted by `row`.
   */
  line: z.number().int().nullable(),
  /** The column, or for GeoJSON the path in the feature (geometry.coordinates, properties.status…). */
  field: z.string(),
  message: z.string(),
});
export type TNapFileRowError = z.infer<typeof ZNapFileRowError>;

const ZNapFileReport = {
  counts: ZNapFileCounts,
  /** The first NAP_FILE_ERRORS_LISTED errors, in file order. */
  row_errors: z.array(ZNapFileRowError),
  /** Every error found (a row may have several). */
  error_count: z.number().int(),
  /** Hex SHA-256 of the file's UTF-8 text. */
  sha256: z.string(),
};

export const opsCoveragePreviewCall = defineCall({
  path: OPS_COVERAGE_PREVIEW_PATH,
  auth: 'required',
  target: null,
  request: ZNapFileRequest,
  reply: envelopeWith(ZNapFileReport),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});

/**
 * Writes the file: every new or changed row in one transaction, or nothing when any row has an error
 * (coverage.FILE_HAS_ERRORS, whose reply carries the same counts and row errors as a preview).
 */
export const opsCoverageApplyCall = defineCall({
  path: OPS_COVERAGE_APPLY_PATH,
  auth: 'required',
  target: null,
  request: ZNapFileRequest,
  reply: envelopeWith({ ...ZNapFileReport, applied: z.literal(true) }),
  errors: ['ops.ROLE_NOT_ALLOWED', 'coverage.FILE_HAS_ERRORS'],
});

export const opsCoverageExportCall = defineCall({
  path: OPS_COVERAGE_EXPORT_PATH,
  auth: 'required',
  target: null,
  request: z.object({ format: z.enum(NAP_FILE_FORMATS) }),
  reply: envelopeWith({
    format: z.enum(NAP_FILE_FORMATS),
    /** naps.csv or naps.geojson. */
    file_name: z.string(),
    /** text/csv or application/geo+json. */
    media_type: z.string(),
    content: z.string(),
    nap_count: z.number().int(),
  }),
  errors: ['ops.ROLE_NOT_ALLOWED'],
});
