import {
  REPORT_CLIENT_ERROR_PATH,
  type TReportClientErrorRequest,
} from '@konek/contract/report-client-error';
import { postKeepalive } from './beacon';

// product §7.3: HTTP failures and uncaught errors are reported to the error-reporting service (locally the
// API's client_error endpoint, docs/architecture.md).

export type ClientErrorReport = {
  message: string;
  callPath?: string;
  status?: number;
  stack?: string;
};

function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

export function reportClientError(report: ClientErrorReport): void {
  const body: TReportClientErrorRequest = {
    message: truncate(report.message || 'Unknown error', 2000),
    page_location: truncate(window.location.href, 2048),
    call_path: report.callPath === undefined ? undefined : truncate(report.callPath, 512),
    status: report.status,
    stack: report.stack === undefined ? undefined : truncate(report.stack, 8000),
    user_agent: truncate(navigator.userAgent, 512),
  };
  postKeepalive(REPORT_CLIENT_ERROR_PATH, body);
}

const reportedMessages = new Set<string>();

/** Reports an uncaught error once per distinct message, so a render loop cannot flood the service. */
export function reportErrorOnce(error: unknown): void {
  const message = messageOf(error);
  if (reportedMessages.has(message)) return;
  reportedMessages.add(message);
  reportClientError({
    message,
    stack: error instanceof Error && error.stack ? error.stack : undefined,
  });
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** Listens for uncaught errors and unhandled promise rejections; returns the function that stops it. */
export function installErrorReporting(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => reportErrorOnce(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => reportErrorOnce(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/** For tests: forget which messages were already reported. */
export function resetReportedErrors(): void {
  reportedMessages.clear();
}
