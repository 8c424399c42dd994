import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  opsAddBlockCall,
  opsBlocksCall,
  opsCalendarCall,
  opsCrewPlansCall,
  opsSetCrewPlanCall,
  opsSetDayPlacesCall,
  opsPreviewBlockCall,
  opsRemoveBlockCall,
} from '@konek/contract/ops-calendar';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import { requireOperator } from '../operators/service';
import {
  blocksAhead,
  calendarDays,
  confirmBlock,
  crewPlans,
  setCrewPlan,
  setDayPlaces,
  previewBlock,
  removeBlock,
  type CalendarDependencies,
} from './service';

const MODULE = 'ops';

export type CalendarPluginOptions = CalendarDependencies & { opsAuth: Auth };

/** ADR 092: /api/ops/calendar/* — the dispatchers' installation calendar (dispatchers only). */
export const calendarPlugin: FastifyPluginAsyncZod<CalendarPluginOptions> = async (
  app,
  options,
) => {
  const { opsAuth, ...deps } = options;
  const call = { module: MODULE, auth: opsAuth };
  const dispatcher = (principal: Parameters<typeof requireOperator>[1]) =>
    requireOperator(deps.db, principal, ['dispatcher']);

  registerCall(app, opsCalendarCall, call, async ({ body, principal }) => {
    await dispatcher(principal);
    return ok(MODULE, { days: await calendarDays(deps, body.from, body.days ?? 7) });
  });

  registerCall(app, opsBlocksCall, call, async ({ principal }) => {
    await dispatcher(principal);
    const { blocks, zones } = await blocksAhead(deps);
    return ok(MODULE, { blocks, work_zones: zones });
  });

  registerCall(app, opsPreviewBlockCall, call, async ({ body, principal }) => {
    await dispatcher(principal);
    return ok(MODULE, { affected: await previewBlock(deps, body) });
  });

  registerCall(app, opsAddBlockCall, call, async ({ body, principal }) => {
    const operator = await dispatcher(principal);
    return ok(MODULE, await confirmBlock(deps, operator, body));
  });

  registerCall(app, opsRemoveBlockCall, call, async ({ body, principal }) => {
    const operator = await dispatcher(principal);
    await removeBlock(deps, operator.id, body.block_id);
    return ok(MODULE, { block_id: body.block_id });
  });

  registerCall(app, opsCrewPlansCall, call, async ({ principal }) => {
    await dispatcher(principal);
    return ok(MODULE, { zones: await crewPlans(deps) });
  });

  registerCall(app, opsSetCrewPlanCall, call, async ({ body, principal }) => {
    const operator = await dispatcher(principal);
    return ok(MODULE, await setCrewPlan(deps, operator.id, body));
  });

  registerCall(app, opsSetDayPlacesCall, call, async ({ body, principal }) => {
    const operator = await dispatcher(principal);
    return ok(MODULE, await setDayPlaces(deps, operator.id, body));
  });
};
