import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZSubmitEventsClientRequest,
  ZSubmitEventsResponse,
  ZSubmitEventsUnregisteredRequest,
} from '@konek/contract/submit-events';
import {
  SUBMIT_EVENTS_CLIENT_PATH,
  SUBMIT_EVENTS_UNREGISTERED_PATH,
} from '@konek/contract/event-constants';
import {
  REPORT_CLIENT_ERROR_PATH,
  ZReportClientErrorRequest,
  ZReportClientErrorResponse,
} from '@konek/contract/report-client-error';
import { ok } from '../../platform/reply';
import type { Auth } from '../../platform/auth/target-ownership';
import type { Db } from '../../platform/db/database';
import type { WaitlistDependencies } from '../waitlist/service';
import { clientErrorForLog, recordClientEvents, recordUnregisteredEvents } from './service';

const MODULE = 'events';

export type EventsRoutesOptions = { db: Db; auth: Auth; waitlist: WaitlistDependencies };

export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (
  app,
  { db, auth, waitlist },
) => {
  app.post(
    SUBMIT_EVENTS_UNREGISTERED_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZSubmitEventsUnregisteredRequest,
        response: { 200: ZSubmitEventsResponse },
      },
    },
    async (request) => {
      const recorded = await recordUnregisteredEvents(
        waitlist,
        { applicationId: request.body.application_id, clientAddress: request.ip },
        request.body.events,
      );
      return ok(MODULE, recorded);
    },
  );

  app.post(
    SUBMIT_EVENTS_CLIENT_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZSubmitEventsClientRequest,
        response: { 200: ZSubmitEventsResponse },
      },
    },
    async (request) => {
      const principal = await auth.requireUserTarget(request, request.body.target_id);
      const accepted = await recordClientEvents(db, principal.userId, request.body.events);
      return ok(MODULE, { accepted });
    },
  );

  // spec §7.3: the web app's error reports. The local error-reporting service is the log.
  app.post(
    REPORT_CLIENT_ERROR_PATH,
    {
      schema: {
        tags: [MODULE],
        body: ZReportClientErrorRequest,
        response: { 200: ZReportClientErrorResponse },
      },
    },
    async (request) => {
      request.log.warn({ clientError: clientErrorForLog(request.body) }, 'client error report');
      return ok(MODULE, {});
    },
  );
};
