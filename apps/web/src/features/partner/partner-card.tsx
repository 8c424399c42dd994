import type { ReactNode } from 'react';
import { cx } from '../../ui/class-names';
import styles from './partner-card.module.css';

export type PartnerCardProps = {
  icon: ReactNode;
  tone?: 'brand' | 'warning' | 'error';
  title: string;
  children?: ReactNode;
};

/** The centred card of the partner link's own screens (opening it, and when it cannot be opened). */
export function PartnerCard({ icon, tone = 'brand', title, children }: PartnerCardProps) {
  return (
    <section className={styles.screen}>
      <div className="container">
        <div className={styles.card}>
          <p className={cx(styles.badge, styles[tone])} aria-hidden="true">
            {icon}
          </p>
          <h1 className={styles.title}>{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}
