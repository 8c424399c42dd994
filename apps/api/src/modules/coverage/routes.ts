import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NAP_FILE_MAX_BYTES,
  opsCoverageApplyCall,
  opsCoverageExportCall,
  opsCoveragePreviewCall,
} from '@konek/contract/ops-coverage';
import {
  NETWORK_NAP_COLUMNS,
  opsBuildingEditCall,
  opsNapEditCall,
  opsNetworkCall,
} from '@konek/contract/ops-network';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { requireOperator } from '../operators/service';
import {
  applyNapFile,
  editBuilding,
  editNap,
  exportNapFile,
  networkMap,
  previewNapFile,
  type CoverageDependencies,
  type NapFileReport,
} from './service';
import type { MapBuilding, MapNapRecord } from '../location/service';

// ADR 090: the network planner's NAP file under /api/ops (a network planner's token only): preview,
// apply and export. The file travels as text in the JSON body, so the calls are described, validated,
// documented and fuzzed as every other; its body may be larger than the app's 256 KB, and its text is
// checked row by row by the service rather than refused whole by the safe-input hook.
const OPS_MODULE = 'ops';

/**
 * The body that carries a file of NAP_FILE_MAX_BYTES: JSON writes a quote or a line break as two
 * characters, so twice the file, and room for the other fields. A larger file inside a smaller body is
 * refused by the service, naming `content`.
 */
const FILE_BODY_LIMIT_BYTES = 2 * NAP_FILE_MAX_BYTES + 64 * 1024;

export type CoveragePluginOptions = {
  coverage: CoverageDependencies;
  /** Operator tokens (/api/ops). */
  opsAuth: Auth;
};

const napReply = (nap: MapNapRecord) => ({
  code: nap.code,
  latitude: nap.latitude,
  longitude: nap.longitude,
  ports_total: nap.portsTotal,
  ports_used: nap.portsUsed,
  status: nap.status,
  expected_date: nap.expectedDate,
});

const buildingReply = (building: MapBuilding) => ({
  id: building.id,
  building_name: building.buildingName,
  street_name: building.streetName,
  latitude: building.latitude,
  longitude: building.longitude,
  serving_floors: building.servingFloors,
});

const reportReply = (report: NapFileReport) => ({
  counts: report.counts,
  row_errors: report.rowErrors,
  error_count: report.errorCount,
  sha256: report.sha256,
});

export const coveragePlugin: FastifyPluginAsyncZod<CoveragePluginOptions> = async (
  app,
  { coverage, opsAuth },
) => {
  const fileCall = {
    module: OPS_MODULE,
    auth: opsAuth,
    bodyLimitBytes: FILE_BODY_LIMIT_BYTES,
    textCheckedByHandler: ['content'],
  } as const;

  registerCall(app, opsCoveragePreviewCall, fileCall, async ({ body, principal }) => {
    await requireOperator(coverage.db, principal, ['network_planner']);
    return ok(OPS_MODULE, reportReply(await previewNapFile(coverage, body)));
  });

  registerCall(app, opsCoverageApplyCall, fileCall, async ({ body, principal }) => {
    const planner = await requireOperator(coverage.db, principal, ['network_planner']);
    const report = await applyNapFile(coverage, planner.id, body);
    return ok(OPS_MODULE, { ...reportReply(report), applied: true as const });
  });

  registerCall(
    app,
    opsCoverageExportCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      await requireOperator(coverage.db, principal, ['network_planner']);
      const file = await exportNapFile(coverage, body.format);
      return ok(OPS_MODULE, {
        format: body.format,
        file_name: file.fileName,
        media_type: file.mediaType,
        content: file.content,
        nap_count: file.napCount,
      });
    },
  );

  // ADR 090 (the map): the box's NAPs, at most NETWORK_MAX_NAPS compact rows built from the plant's own
  // values, so the reply is only stringified (the tests parse it with its schema).
  registerCall(
    app,
    opsNetworkCall,
    { module: OPS_MODULE, auth: opsAuth, isReplyTrusted: true },
    async ({ body, principal }) => {
      await requireOperator(coverage.db, principal, ['network_planner']);
      const map = await networkMap(coverage, {
        ...(body.bbox ? { box: body.bbox } : {}),
        ...(body.code === undefined ? {} : { code: body.code }),
      });
      return ok(OPS_MODULE, {
        nap_columns: [...NETWORK_NAP_COLUMNS],
        naps: map.naps,
        buildings: map.buildings.map(buildingReply),
        truncated: map.truncated,
        service_radius_meters: map.serviceRadiusMeters,
      });
    },
  );

  registerCall(
    app,
    opsNapEditCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const planner = await requireOperator(coverage.db, principal, ['network_planner']);
      const nap = await editNap(coverage, planner.id, {
        code: body.code,
        latitude: body.latitude,
        longitude: body.longitude,
        portsTotal: body.ports_total,
        portsUsed: body.ports_used,
        status: body.status,
        expectedDate: body.status === 'planned' ? body.expected_date : null,
      });
      return ok(OPS_MODULE, { nap: napReply(nap) });
    },
  );

  registerCall(
    app,
    opsBuildingEditCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      const planner = await requireOperator(coverage.db, principal, ['network_planner']);
      const building = await editBuilding(coverage, planner.id, body.id, {
        buildingName: body.building_name,
        servingFloors: body.serving_floors,
      });
      return ok(OPS_MODULE, { building: buildingReply(building) });
    },
  );
};
