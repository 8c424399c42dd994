import type { ReactNode } from 'react';
import { ScreenPage } from '../../ui/screen-page';
import page from '../../ui/document-page.module.css';
import styles from './legal-page.module.css';
import { i18n } from '../../i18n/i18n';

/** When the pages' words last changed, shown under each title. */
const UPDATED = '23 November 2026';

/** One of Konek's own pages (privacy, terms, cookies, about): a document with a title and sections. */
export function LegalPage({
  id,
  eyebrow,
  title,
  lead,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <ScreenPage as="article" wash={false} aria-labelledby={id}>
      <div className={`container ${page.inner}`}>
        <p className={page.eyebrow}>{eyebrow}</p>
        <h1 id={id} className={page.title}>
          {title}
        </h1>
        <p className={page.updated}>{i18n._('Last updated {date}', { date: UPDATED })}</p>
        <p className={styles.lead}>{lead}</p>
        {children}
      </div>
    </ScreenPage>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={page.section}>
      <h2 className={page.heading}>{title}</h2>
      {children}
    </section>
  );
}

/** A bulleted list of sentences. */
export function LegalList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
