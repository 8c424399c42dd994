import * as z from 'zod';
import { defineCall } from './call';
import { envelopeWith } from './envelope';

// product §7.3: on an HTTP failure (and on an uncaught error in a screen) the web app reports it. The local
// error-reporting service is this endpoint, which logs the report.

export const REPORT_CLIENT_ERROR_PATH = '/api/v3/client_error/report';

export const ZReportClientErrorRequest = z.object({
  message: z.string().min(1).max(2000),
  page_location: z.string().max(2048),
  /** The API path that failed, for HTTP failures. */
  call_path: z.string().max(512).optional(),
  status: z.number().int().min(0).max(999).optional(),
  stack: z.string().max(8000).optional(),
  user_agent: z.string().max(512).optional(),
});
export type TReportClientErrorRequest = z.infer<typeof ZReportClientErrorRequest>;

export const ZReportClientErrorResponse = envelopeWith({});

/** The call's one description (ADR 024). */
export const reportClientErrorCall = defineCall({
  path: REPORT_CLIENT_ERROR_PATH,
  auth: 'none',
  target: null,
  request: ZReportClientErrorRequest,
  reply: ZReportClientErrorResponse,
  // ADR 097: reports past the client address's minute or hour.
  errors: ['common.TOO_MANY_REQUESTS'],
});
