import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORT_CLIENT_ERROR_PATH } from '@konek/contract/report-client-error';
import { installErrorReporting, resetReportedErrors } from './error-reporting';

function reportBodies(): unknown[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => String(input) === REPORT_CLIENT_ERROR_PATH)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('error reporting', () => {
  afterEach(() => {
    resetReportedErrors();
  });

  it('reports uncaught errors and unhandled rejections once per distinct message', () => {
    const uninstall = installErrorReporting();
    try {
      const error = new Error('Cannot read properties of undefined');
      window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
      window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
      const rejection = new Event('unhandledrejection');
      Object.assign(rejection, { reason: new Error('Load failed') });
      window.dispatchEvent(rejection);
    } finally {
      uninstall();
    }
    expect(reportBodies()).toEqual([
      expect.objectContaining({ message: 'Cannot read properties of undefined' }),
      expect.objectContaining({ message: 'Load failed' }),
    ]);
    const [first] = reportBodies();
    expect(first).toMatchObject({ page_location: window.location.href });
  });

  it('stops listening once uninstalled', () => {
    installErrorReporting()();
    // Another listener keeps the test runner from treating the dispatched error as its own failure.
    const swallow = (event: Event) => event.preventDefault();
    window.addEventListener('error', swallow);
    try {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('late'), message: 'late' }));
    } finally {
      window.removeEventListener('error', swallow);
    }
    expect(reportBodies()).toEqual([]);
  });
});
