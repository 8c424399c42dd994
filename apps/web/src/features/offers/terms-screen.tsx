import { TERMS_SECTIONS, TERMS_UPDATED } from './terms-content';
import styles from './terms-screen.module.css';
import { ScreenPage } from '../../ui/screen-page';

/** product §2.2 /serviceability/terms%26conditions: the prepaid terms, opened in a new tab from links. */
export function TermsScreen() {
  return (
    <ScreenPage as="article" wash={false} aria-labelledby="terms-title">
      <div className={`container ${styles.inner}`}>
        <p className={styles.eyebrow}>Prepaid Fiber</p>
        <h1 id="terms-title" className={styles.title}>
          Prepaid Terms &amp; Conditions
        </h1>
        <p className={styles.updated}>Last updated {TERMS_UPDATED}</p>
        {TERMS_SECTIONS.map((section) => (
          <section key={section.title} className={styles.section}>
            <h2 className={styles.heading}>{section.title}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </ScreenPage>
  );
}
