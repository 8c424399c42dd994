import type { ReactNode } from 'react';
import { cx } from './class-names';
import { AlertIcon, ErrorCircleIcon, InfoIcon } from './icons';
import styles from './form-alert.module.css';

export type FormAlertTone = 'error' | 'warning' | 'info';

const ICONS = { error: ErrorCircleIcon, warning: AlertIcon, info: InfoIcon } as const;

/**
 * The one alert card (one style everywhere): a message about a whole form (a refused PIN, a code limit, no network). Problems are announced at
 * once (alert); information waits for a pause (status).
 */
export function FormAlert({
  tone = 'error',
  title,
  children,
  action,
}: {
  tone?: FormAlertTone;
  title?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const Icon = ICONS[tone];
  return (
    <div className={cx(styles.alert, styles[tone])} role={tone === 'info' ? 'status' : 'alert'}>
      <Icon className={styles.alertIcon} />
      <div className={styles.alertBody}>
        {title ? <p className={styles.alertTitle}>{title}</p> : null}
        <p>{children}</p>
        {action ? <div className={styles.alertAction}>{action}</div> : null}
      </div>
    </div>
  );
}
