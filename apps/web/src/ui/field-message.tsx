import { ErrorCircleIcon } from './icons';
import styles from './field.module.css';
import { i18n } from '../i18n/i18n';

/** The line under a control: its error when it has one, else its hint. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <p id={id} className={`${styles.message} ${styles.error}`}>
        <ErrorCircleIcon />
        <span>{i18n._(error)}</span>
      </p>
    );
  }
  if (hint) {
    return (
      <p id={id} className={`${styles.message} ${styles.hint}`}>
        {i18n._(hint)}
      </p>
    );
  }
  return null;
}

/** The asterisk of a mandatory field (product §2.1); hidden from the accessible name, which stays the label. */
export function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  );
}
