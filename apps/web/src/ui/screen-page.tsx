import type { ReactNode } from 'react';
import { cx } from './class-names';
import styles from './screen-page.module.css';

type ScreenPageProps = {
  /** An article for a document (the terms), else a section. */
  as?: 'section' | 'article';
  /** The brand wash behind the top of the screen (default on). */
  wash?: boolean;
  /** The screen's own class, e.g. to set --page-top or --page-wash-end. */
  className?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
};

/** The page band every journey screen sits in (STYLE.md spacing), one definition for all of them. */
export function ScreenPage({
  as: Element = 'section',
  wash = true,
  className,
  children,
  ...rest
}: ScreenPageProps) {
  return (
    <Element className={cx(styles.page, wash && styles.wash, className)} {...rest}>
      {children}
    </Element>
  );
}
