import { useId, type ReactNode } from 'react';
import type { OpsFailure } from './ops-client';
import styles from './ops.module.css';
import own from './offers-console.module.css';
import { i18n } from '../i18n/i18n';

// ADR 091: the fields of marketing's forms. Every control has its label; a refusal that names a field
// ("final_price_centavos: …", as the API's 4xx says it) is shown at that field and announced.

/** The field a refusal names, and what it says of it; null when it names none of the form's fields. */
export function refusedField(
  failure: Pick<OpsFailure, 'message'>,
  fields: readonly string[],
): { field: string; message: string } | null {
  const match = /^([a-z_0-9]+)(?:\.\d+)?: (.*)$/s.exec(failure.message);
  if (!match || !fields.includes(match[1]!)) return null;
  return { field: match[1]!, message: match[2]! };
}

type FieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'number' | 'datetime-local';
  inputMode?: 'decimal' | 'numeric' | 'text';
  required?: boolean;
  maxLength?: number;
  disabled?: boolean;
  multiline?: boolean;
};

export function Field({
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  inputMode,
  required,
  maxLength,
  disabled,
  multiline,
}: FieldProps) {
  const id = useId();
  const hintId = id + '-hint';
  const errorId = id + '-message';
  const describedIds = [hint ? hintId : null, error ? errorId : null].filter(Boolean);
  const describedBy =
    describedIds.length === 0 ? undefined : describedIds.join(String.fromCharCode(32));
  const common = {
    id,
    value,
    required,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          className={styles.textarea}
          rows={3}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...common}
          className={styles.input}
          type={type}
          inputMode={inputMode}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint ? (
        <p id={hintId} className={own.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={own.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Yes / No before a change customers see at once. */
export function Confirm({
  question,
  yes,
  yesLabel,
  onYes,
  onNo,
  busy,
}: {
  question: ReactNode;
  /** The button's words ("Yes, publish"); its accessible name says what, and begins with them. */
  yes: string;
  yesLabel: string;
  onYes: () => void;
  onNo: () => void;
  busy: boolean;
}) {
  return (
    <div className={own.confirmBox} role="group" aria-label={yesLabel}>
      <p className={styles.muted}>{question}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primary}
          onClick={onYes}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={yesLabel}
          autoFocus
        >
          {yes}
        </button>
        <button type="button" className={styles.secondary} onClick={onNo} disabled={busy}>
          {i18n._('Cancel')}
        </button>
      </div>
    </div>
  );
}

// Pesos and Manila times as a marketer types them.

/** "1,499.00" or "1499" → 149900 centavos; null when it is not an amount. */
export function centavosOf(pesos: string): number | null {
  const text = pesos.replaceAll(',', '').replace(/^₱/, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

export const pesosOf = (centavos: number | null): string =>
  centavos === null ? '' : (centavos / 100).toFixed(2);

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** An instant as a datetime-local value in Manila time ("2026-06-01T00:00"). */
export function manilaInput(iso: string | null): string {
  if (iso === null) return '';
  return new Date(Date.parse(iso) + MANILA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Manila time, as the API takes it; null when empty. */
export function fromManilaInput(value: string): string | null {
  return value === '' ? null : `${value}:00+08:00`;
}

/** One item a line, blank lines dropped. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
