import { TERMS_SECTIONS, TERMS_UPDATED } from './terms-content';
import styles from '../../ui/document-page.module.css';
import { ScreenPage } from '../../ui/screen-page';
import { i18n } from '../../i18n/i18n';

/** product §2.2 /serviceability/terms%26conditions: the prepaid terms, opened in a new tab from links. */
export function TermsScreen() {
  return (
    <ScreenPage as="article" wash={false} aria-labelledby="terms-title">
      <div className={`container ${styles.inner}`}>
        <p className={styles.eyebrow}>{i18n._('Prepaid Fiber')}</p>
        <h1 id="terms-title" className={styles.title}>
          {i18n._('Prepaid Terms & Conditions')}
        </h1>
        <p className={styles.updated}>
          {i18n._('Last updated {date}', { date: i18n._(TERMS_UPDATED) })}
        </p>
        {TERMS_SECTIONS.map((section) => (
          <section key={section.title} className={styles.section}>
            <h2 className={styles.heading}>{i18n._(section.title)}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{i18n._(paragraph)}</p>
            ))}
          </section>
        ))}
      </div>
    </ScreenPage>
  );
}
