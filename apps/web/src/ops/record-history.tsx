import { useEffect, useRef, useState } from 'react';
import { OPS_ROLES, type TOpsRole } from '@konek/contract/ops';
import {
  opsHistoryCall,
  type TAuditAction,
  type TAuditEntity,
  type TAuditEntry,
} from '@konek/contract/ops-history';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { momentWords, pesoWords, roleWords } from './ops-words';
import { i18n, msg } from '../i18n/i18n';
import styles from './ops.module.css';
import admin from './operators.module.css';

// ADR 089: the history of one record from the audit log — who changed it, when, what they did, and each
// field that changed, before → after, in words. Newest first, as the server answers it.

const ACTION_WORDS: Readonly<Record<TAuditAction, string>> = {
  create: msg(/*i18n*/ 'Added'),
  update: msg(/*i18n*/ 'Changed'),
  disable: msg(/*i18n*/ 'Disabled'),
  retire: msg(/*i18n*/ 'Retired'),
  delete: msg(/*i18n*/ 'Removed'),
  import: msg(/*i18n*/ 'Imported'),
  publish: msg(/*i18n*/ 'Published'),
  lift: msg(/*i18n*/ 'Lifted'),
};

/** The fields the audit log keeps, as the screens name them; another field shows its own name. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  username: msg(/*i18n*/ 'Username'),
  first_name: msg(/*i18n*/ 'First name'),
  role: msg(/*i18n*/ 'Role'),
  disabled_at: msg(/*i18n*/ 'Disabled'),
  day: msg(/*i18n*/ 'Day'),
  reason: msg(/*i18n*/ 'Reason'),
  added_by: msg(/*i18n*/ 'Added by'),
  added_at: msg(/*i18n*/ 'Added'),
  period: msg(/*i18n*/ 'Period'),
  work_zone: msg(/*i18n*/ 'Work zone'),
  lifted_at: msg(/*i18n*/ 'Lifted'),
  ports_total: msg(/*i18n*/ 'Ports in total'),
  ports_used: msg(/*i18n*/ 'Ports in use'),
  status: msg(/*i18n*/ 'Status'),
  expected_date: msg(/*i18n*/ 'Expected date'),
  places: msg(/*i18n*/ 'Places'),
  asked: msg(/*i18n*/ 'Places asked'),
  set_for_day: msg(/*i18n*/ 'Set for the day'),
  weekly_plan: msg(/*i18n*/ "Weekly plan's places"),
};

const isRole = (value: unknown): value is TOpsRole =>
  typeof value === 'string' && (OPS_ROLES as readonly string[]).includes(value);
/** A field holding an amount in centavos (its name ends so, as the contract names them). */
const isCentavos = (field: string) => /_centavos$/.test(field);
const isMoment = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value);

/** A field's value in words: a role by its name, a moment as every time on the page, nothing as a dash. */
function valueWords(field: string, value: unknown): string {
  if (value === null || value === undefined) {
    return field === 'disabled_at' ? i18n._('No') : '—';
  }
  if (field === 'role' && isRole(value)) return roleWords(value);
  // Amounts are kept in centavos; they read as pesos, as everywhere on the page.
  if (isCentavos(field) && typeof value === 'number') return pesoWords(value);
  if (isMoment(value)) return momentWords(value);
  if (typeof value === 'boolean') return value ? i18n._('Yes') : i18n._('No');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Each field that differs between before and after, in the order the record names them. */
function changes(entry: TAuditEntry): { field: string; before: string; after: string }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({
      field: FIELD_WORDS[field] ? i18n._(FIELD_WORDS[field]) : field.replaceAll('_', ' '),
      before: entry.before === null ? '—' : valueWords(field, before[field]),
      after: entry.after === null ? '—' : valueWords(field, after[field]),
    }));
}

function whoWords(entry: TAuditEntry): string {
  return entry.operator
    ? entry.operator.username
    : i18n._('The server (npm run ops, or a start in production)');
}

type Props = {
  session: OpsSession;
  entity: TAuditEntity;
  entityId: string;
  /** What the record is called on screen ("dina", "Thursday, December 10, 2026"). */
  name: string;
  onFailure: (failure: OpsFailure) => void;
  onClose: () => void;
};

/** One record's history; give it a `key` of the record, so another record starts afresh. */
export function RecordHistory({ session, entity, entityId, name, onFailure, onClose }: Props) {
  const [entries, setEntries] = useState<TAuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
    let live = true;
    void opsCall(opsHistoryCall, { entity, entity_id: entityId }, session.token).then((result) => {
      if (!live) return;
      if (result.ok) {
        setEntries(result.reply.history);
      } else {
        onFailure(result);
        setError(result.message);
      }
    });
    return () => {
      live = false;
    };
  }, [session.token, entity, entityId, onFailure]);

  return (
    <section aria-labelledby="record-history-title" className={`${styles.section} ${admin.panel}`}>
      <div className={styles.titleRow}>
        <h3 id="record-history-title" className={admin.subtitle} tabIndex={-1} ref={heading}>
          {i18n._('History of {name}', { name })}
        </h3>
        <button type="button" className={styles.smallButton} onClick={onClose}>
          {i18n._('Close history')}
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {entries === null && !error ? (
        <p className={styles.muted}>{i18n._('Loading history…')}</p>
      ) : null}
      {entries !== null && entries.length === 0 ? (
        <p className={styles.muted}>{i18n._('No changes recorded yet.')}</p>
      ) : null}
      {entries !== null && entries.length > 0 ? (
        <ol className={admin.history} aria-label={i18n._('Changes, newest first')}>
          {entries.map((entry) => (
            <li key={entry.audit_id} className={admin.change}>
              <p className={admin.changeTitle}>
                {i18n._('{action} by {who}, {when}', {
                  action: i18n._(ACTION_WORDS[entry.action]),
                  who: whoWords(entry),
                  when: momentWords(entry.at),
                })}
              </p>
              <dl className={admin.fields}>
                {changes(entry).map((change) => (
                  <div key={change.field} className={admin.fieldChange}>
                    <dt>{change.field}</dt>
                    <dd>
                      {i18n._('{before} → {after}', {
                        before: change.before,
                        after: change.after,
                      })}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
