import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  submitEventsClientCall,
  submitEventsUnregisteredCall,
} from '@konek/contract/submit-events';
import { reportClientErrorCall } from '@konek/contract/report-client-error';
import { ok } from '../../platform/reply';
import { registerCall } from '../../platform/route';
import type { Auth } from '../../platform/auth/target-ownership';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { AddressBudgets, NotifyBudgets } from '../../platform/config';
import {
  clientErrorForLog,
  recordClientEvents,
  recordUnregisteredEvents,
  spendClientErrorReport,
  type EventLimits,
} from './service';

const MODULE = 'events';

export type EventsPluginOptions = {
  db: Db;
  clock: Clock;
  auth: Auth;
  notifyBudgets: NotifyBudgets;
  /** ADR 097: analytics events and error reports per client address. */
  eventBudgets: AddressBudgets;
  clientErrorBudgets: AddressBudgets;
};

/** product §7.2 events: the journey's events (anonymous and signed in) and the web app's error reports. */
export const eventsPlugin: FastifyPluginAsyncZod<EventsPluginOptions> = async (app, options) => {
  const { db, auth } = options;
  const waitlist = { db, clock: options.clock, budgets: options.notifyBudgets };
  const limits: EventLimits = {
    db,
    clock: options.clock,
    events: options.eventBudgets,
    errors: options.clientErrorBudgets,
  };

  registerCall(app, submitEventsUnregisteredCall, { module: MODULE }, async ({ body, request }) => {
    const recorded = await recordUnregisteredEvents(
      waitlist,
      limits,
      { applicationId: body.application_id, clientAddress: request.ip },
      body.events,
    );
    return ok(MODULE, recorded);
  });

  registerCall(
    app,
    submitEventsClientCall,
    { module: MODULE, auth },
    async ({ body, principal, request }) => {
      const accepted = await recordClientEvents(
        limits,
        { userId: principal.userId, clientAddress: request.ip },
        body.events,
      );
      return ok(MODULE, { accepted });
    },
  );

  // product §7.3: the web app's error reports. The local error-reporting service is the log.
  registerCall(app, reportClientErrorCall, { module: MODULE }, async ({ body, request }) => {
    await spendClientErrorReport(limits, request.ip);
    request.log.warn({ clientError: clientErrorForLog(body) }, 'client error report');
    return ok(MODULE, {});
  });
};
