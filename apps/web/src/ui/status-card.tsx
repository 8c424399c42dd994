import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names';
import { HelpEntry } from './help-entry';
import styles from './status-card.module.css';

export type StatusTone = 'brand' | 'warning' | 'error' | 'success';

export type StatusCardProps = {
  /** Shown in the round badge above the title; decorative (the title carries the meaning). */
  icon: ReactNode;
  tone?: StatusTone;
  /** A small line above the title, e.g. "Error 404". */
  eyebrow?: ReactNode;
  title: string;
  children?: ReactNode;
  className?: string;
  /** ADR 079: every status screen says where to get help, unless it is itself that place. */
  help?: boolean;
};

/**
 * The centred card of a status screen: a badge, the page's h1, then its text and actions, and last the
 * way to get help.
 */
export function StatusCard({
  icon,
  tone = 'brand',
  eyebrow,
  title,
  children,
  className,
  help = true,
}: StatusCardProps) {
  return (
    <section className={styles.screen}>
      <div className="container">
        <div className={cx(styles.card, className)}>
          <p className={cx(styles.badge, styles[tone])} aria-hidden="true">
            {icon}
          </p>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.title}>{title}</h1>
          {children}
          {help ? <HelpEntry /> : null}
        </div>
      </div>
    </section>
  );
}

/** A paragraph of a status card. */
export function StatusText({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cx(styles.text, className)} {...props} />;
}

/** The card's buttons: stacked on a phone, side by side from 480 px. */
export function StatusActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
