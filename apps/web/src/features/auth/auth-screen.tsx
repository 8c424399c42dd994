import type { ReactNode } from 'react';
import { cx } from '../../ui/class-names';
import styles from './auth-screen.module.css';
import { ScreenPage } from '../../ui/screen-page';

export type AuthScreenTone = 'brand' | 'success' | 'warning' | 'error';

export type AuthScreenProps = {
  icon: ReactNode;
  tone?: AuthScreenTone;
  /** The route's title: the page's one h1. */
  title: string;
  lead?: ReactNode;
  /** The form or the state the screen is in. */
  children: ReactNode;
  /** What stays true on every account screen (address, benefits); after the form on phones. */
  aside?: ReactNode;
};

/**
 * The frame of the account screens (journey step "Create Account"): the heading and what to do on one
 * side, the form in a card on the other; stacked, heading first, on a phone.
 */
export function AuthScreen({
  icon,
  tone = 'brand',
  title,
  lead,
  children,
  aside,
}: AuthScreenProps) {
  return (
    <ScreenPage className={styles.screen}>
      <div className={cx('container', styles.layout, !aside && styles.noAside)}>
        {/* ADR 042: the part of the screen the build draws into the page before the app runs. */}
        <div className={styles.intro} data-intro="">
          <p className={cx(styles.badge, styles[tone])} aria-hidden="true">
            {icon}
          </p>
          <h1 className={styles.title}>{title}</h1>
          {lead ? <div className={styles.lead}>{lead}</div> : null}
        </div>
        <div className={styles.panel}>{children}</div>
        {aside ? <div className={styles.aside}>{aside}</div> : null}
      </div>
    </ScreenPage>
  );
}
