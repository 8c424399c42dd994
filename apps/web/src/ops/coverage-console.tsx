import { useState, type FormEvent } from 'react';
import type { NAP_FILE_FORMATS } from '@konek/contract/ops-coverage';
import {
  opsCoverageApplyCall,
  opsCoverageExportCall,
  opsCoveragePreviewCall,
  type TNapFileCounts,
  type TNapFileRowError,
} from '@konek/contract/ops-coverage';
import { CoverageAlertsPanel } from './coverage-alerts-panel';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { download } from './download';
import { i18n } from '../i18n/i18n';
import styles from './ops.module.css';
import admin from './operators.module.css';

// ADR 090: the network planner's NAP file. Choose a CSV or GeoJSON file, see what it would change and
// each bad row by line and field, then apply it all or nothing; export the network in either format.

type Format = (typeof NAP_FILE_FORMATS)[number];
type Report = {
  counts: TNapFileCounts;
  rowErrors: TNapFileRowError[];
  errorCount: number;
  applied: boolean;
};
type Chosen = { name: string; format: Format; content: string };

const formatOf = (name: string): Format => (/\.(geo)?json$/i.test(name) ? 'geojson' : 'csv');

type Props = { session: OpsSession; onFailure: (failure: OpsFailure) => void };

export function CoverageConsole({ session, onFailure }: Props) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | 'export' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    setReport(null);
    setError(null);
    if (!file) return setChosen(null);
    setChosen({ name: file.name, format: formatOf(file.name), content: await file.text() });
  };

  const send = async (kind: 'preview' | 'apply') => {
    if (!chosen) return;
    setBusy(kind);
    setError(null);
    const body = { format: chosen.format, file_name: chosen.name, content: chosen.content };
    const result = await opsCall(
      kind === 'preview' ? opsCoveragePreviewCall : opsCoverageApplyCall,
      body,
      session.token,
    );
    setBusy(null);
    if (result.ok) {
      setReport({
        counts: result.reply.counts,
        rowErrors: result.reply.row_errors,
        errorCount: result.reply.error_count,
        applied: kind === 'apply',
      });
      return;
    }
    onFailure(result);
    setError(result.message);
  };

  const preview = (event: FormEvent) => {
    event.preventDefault();
    void send('preview');
  };

  const exportAs = async (format: Format) => {
    setBusy('export');
    const result = await opsCall(opsCoverageExportCall, { format }, session.token);
    setBusy(null);
    if (!result.ok) {
      onFailure(result);
      setError(result.message);
      return;
    }
    download(result.reply.file_name, result.reply.media_type, result.reply.content);
  };

  const canApply = report !== null && !report.applied && report.errorCount === 0;
  return (
    <section className={styles.section} aria-labelledby="coverage-title">
      <h1 id="coverage-title" className={styles.title}>
        {i18n._('Coverage: NAP file')}
      </h1>
      <p className={styles.muted}>
        {i18n._(
          'Import NAPs from a CSV or GeoJSON file: check it first, then apply it. A file with any bad row changes nothing. The address check answers from the new network at once.',
        )}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <form className={styles.reasonForm} onSubmit={preview}>
        <label className={styles.field}>
          <span className={styles.label}>{i18n._('NAP file (CSV or GeoJSON)')}</span>
          <input
            className={styles.input}
            type="file"
            accept=".csv,.geojson,.json,text/csv,application/geo+json"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </label>
        <div className={styles.actions}>
          <button
            className={styles.primary}
            type="submit"
            disabled={!chosen || busy !== null}
            aria-describedby={chosen ? undefined : 'coverage-choose-first'}
          >
            {busy === 'preview' ? i18n._('Checking the file…') : i18n._('Check the file')}
          </button>
          <button
            className={styles.primary}
            type="button"
            disabled={!canApply || busy !== null}
            aria-describedby="coverage-apply-why"
            onClick={() => void send('apply')}
          >
            {busy === 'apply' ? i18n._('Applying…') : i18n._('Apply to the network')}
          </button>
        </div>
        {!chosen && (
          <p id="coverage-choose-first" className={styles.muted}>
            {i18n._('Choose a file to check it.')}
          </p>
        )}
        <p id="coverage-apply-why" className={styles.muted}>
          {report === null
            ? i18n._('Check the file before applying it.')
            : report.applied
              ? i18n._('Applied. Choose another file to import more.')
              : report.errorCount > 0
                ? i18n._('Fix the rows below and check the file again: it cannot be applied.')
                : i18n._('The file is ready to apply.')}
        </p>
      </form>
      {report && (
        <div aria-live="polite">
          <p className={report.applied ? styles.notice : styles.muted} role="status">
            {i18n._(
              '{new} new, {changed} changed, {unchanged} unchanged, {errors} rows with errors.',
              {
                new: report.counts.new,
                changed: report.counts.changed,
                unchanged: report.counts.unchanged,
                errors: report.counts.errors,
              },
            )}
          </p>
          {report.rowErrors.length > 0 && (
            <div
              className={admin.tableScroll}
              tabIndex={0}
              role="region"
              aria-label={i18n._('Rows with errors')}
            >
              <table className={admin.table}>
                <thead>
                  <tr>
                    <th scope="col">{i18n._('Row')}</th>
                    <th scope="col">{i18n._('Line')}</th>
                    <th scope="col">{i18n._('Field')}</th>
                    <th scope="col">{i18n._('Problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.rowErrors.map((row) => (
                    <tr key={`${row.row}-${row.field}`}>
                      <td>{row.row}</td>
                      <td>{row.line ?? '—'}</td>
                      <td>{row.field}</td>
                      <td>{row.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {report.errorCount > report.rowErrors.length && (
                <p className={styles.muted}>
                  {i18n._('The first {shown} of {all} errors are shown.', {
                    shown: report.rowErrors.length,
                    all: report.errorCount,
                  })}
                </p>
              )}
            </div>
          )}
        </div>
      )}
      <h2 className={admin.subtitle}>{i18n._('Export the network')}</h2>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.linkButton}
          disabled={busy !== null}
          onClick={() => void exportAs('csv')}
        >
          {i18n._('Download as CSV')}
        </button>
        <button
          type="button"
          className={styles.linkButton}
          disabled={busy !== null}
          onClick={() => void exportAs('geojson')}
        >
          {i18n._('Download as GeoJSON')}
        </button>
      </div>
      <CoverageAlertsPanel session={session} onFailure={onFailure} />
    </section>
  );
}
