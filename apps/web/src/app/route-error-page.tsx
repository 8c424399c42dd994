import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportErrorOnce } from '../lib/error-reporting';
import { ErrorView } from './error-view';
import { NOT_FOUND_TITLE } from './not-found';
import { i18n } from '../i18n/i18n';

const DEFAULT_TITLE = /*i18n*/ 'Error';
const DEFAULT_STATUS = 500;

type DescribedError = { status: number; title: string };

/** product §2.1: the error's message is the title (default "Error"), status 500 unless the error says. */
function describe(error: unknown): DescribedError {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, title: i18n._(NOT_FOUND_TITLE) };
    const message: unknown =
      typeof error.data === 'string' ? error.data : (error.data?.message ?? error.statusText);
    return {
      status: error.status,
      title: typeof message === 'string' && message ? message : i18n._(DEFAULT_TITLE),
    };
  }
  if (error instanceof Error && error.message) {
    return { status: DEFAULT_STATUS, title: error.message };
  }
  return { status: DEFAULT_STATUS, title: i18n._(DEFAULT_TITLE) };
}

/** Each route's error boundary. Errors other than 404 are reported (product §7.3). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { status, title } = describe(error);

  useEffect(() => {
    if (status !== 404) reportErrorOnce(error);
  }, [error, status]);

  return <ErrorView status={status} title={title} />;
}
