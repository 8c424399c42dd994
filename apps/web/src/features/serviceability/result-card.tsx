import type { ReactNode } from 'react';
import { cx } from '../../ui/class-names';
import styles from './result-card.module.css';

export type ResultCardProps = {
  icon: ReactNode;
  tone?: 'brand' | 'warning' | 'error' | 'success';
  title: string;
  children?: ReactNode;
  className?: string;
};

/** The centred card of the serviceability result screens: a badge, the h1, and what follows. */
export function ResultCard({ icon, tone = 'brand', title, children, className }: ResultCardProps) {
  return (
    <section className={styles.screen}>
      <div className="container">
        <div className={cx(styles.card, className)}>
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
