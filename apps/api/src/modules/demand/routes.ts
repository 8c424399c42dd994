import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsDemandCall, opsDemandExportCall } from '@konek/contract/ops-demand';
import type { Auth } from '../../platform/auth/target-ownership';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import { requireOperator } from '../operators/service';
import {
  DEMAND_FILE_NAME,
  DEMAND_MEDIA_TYPE,
  demandRows,
  writeDemandFile,
  type DemandDependencies,
} from './service';

// ADR 095: the network planner's demand map under /api/ops (a network planner's token only).
const OPS_MODULE = 'ops';

export type DemandPluginOptions = { demand: DemandDependencies; opsAuth: Auth };

export const demandPlugin: FastifyPluginAsyncZod<DemandPluginOptions> = async (
  app,
  { demand, opsAuth },
) => {
  registerCall(
    app,
    opsDemandCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      await requireOperator(demand.db, principal, ['network_planner']);
      const rows = await demandRows(demand, body.bbox);
      return ok(OPS_MODULE, {
        rows,
        waiting_total: rows.reduce((sum, row) => sum + row.waiting, 0),
      });
    },
  );

  registerCall(
    app,
    opsDemandExportCall,
    { module: OPS_MODULE, auth: opsAuth },
    async ({ body, principal }) => {
      await requireOperator(demand.db, principal, ['network_planner']);
      const rows = await demandRows(demand, body.bbox);
      return ok(OPS_MODULE, {
        file_name: DEMAND_FILE_NAME,
        media_type: DEMAND_MEDIA_TYPE,
        content: writeDemandFile(rows),
        row_count: rows.length,
      });
    },
  );
};
