import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { ZOrderNumber } from '@konek/contract/support';
import { CONTACT_FORM_ANCHOR, useContactChannel } from '../../lib/site-links';
import { buttonClassName } from '../../ui/button-styles';
import { ExternalAnchor } from '../../ui/external-anchor';
import { ScreenPage } from '../../ui/screen-page';
import page from '../../ui/document-page.module.css';
import { ContactForm } from './contact-form';
import { AnswerSections, useAnswerSections } from './help-answers';
import styles from './help-screen.module.css';
import { i18n } from '../../i18n/i18n';

/** The order a link names (`?order=KNK-00000042`, from Track my order), if it is one. */
function orderOf(search: string): string | undefined {
  const order = new URLSearchParams(search).get('order');
  return order !== null && ZOrderNumber.safeParse(order).success ? order : undefined;
}

/**
 * `/help#contact` (every "contact us" of the app) opens the page at the contact section, with the
 * keyboard and a screen reader there too.
 */
function useOpenAtContact(hash: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hash !== `#${CONTACT_FORM_ANCHOR}`) return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [hash]);
  return heading;
}

/**
 * ADR 079: /help — the answers to what customers ask, drawn from Konek's rules, and a way to write: the
 * contact form, or the operator's customer service when one is configured.
 */
export function HelpScreen() {
  const location = useLocation();
  const sections = useAnswerSections();
  const contact = useContactChannel();
  const contactHeading = useOpenAtContact(location.hash);
  const orderNumber = orderOf(location.search);
  return (
    <ScreenPage as="article" aria-labelledby="help-title">
      <div className={`container ${page.inner}`}>
        <p className={page.eyebrow}>{i18n._('Help')}</p>
        <h1 id="help-title" className={page.title}>
          {i18n._('Help and contact')}
        </h1>
        <p className={styles.lead}>
          {i18n._(
            'Answers to what customers ask us most, and a way to write to us when they don’t answer yours.',
          )}
        </p>
        <nav className={styles.jump} aria-label={i18n._('On this page')}>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <Link to={{ search: location.search, hash: `#${section.id}-title` }}>
                  {section.title}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to={{ search: location.search, hash: `#${CONTACT_FORM_ANCHOR}` }}
                className={styles.jumpContact}
              >
                {i18n._('Contact us')}
              </Link>
            </li>
          </ul>
        </nav>
        <AnswerSections sections={sections} />
        <section
          id={CONTACT_FORM_ANCHOR}
          className={styles.contact}
          aria-labelledby="contact-title"
        >
          <h2 id="contact-title" ref={contactHeading} tabIndex={-1} className={styles.contactTitle}>
            {contact.isExternal ? i18n._('Contact customer service') : i18n._('Send us a message')}
          </h2>
          {contact.isExternal ? (
            <>
              <p className={styles.contactText}>
                {i18n._(
                  'Our customer service answers questions about your order, your payment and your installation.',
                )}
              </p>
              <ExternalAnchor
                href={contact.href}
                className={buttonClassName({ size: 'large' })}
                data-tag="help_customer_service"
              >
                {i18n._('Contact customer service')}
              </ExternalAnchor>
            </>
          ) : (
            <>
              <p className={styles.contactText}>
                {i18n._(
                  'Someone from our team reads every message and answers by SMS to the number you give.',
                )}
              </p>
              <ContactForm orderNumber={orderNumber} />
            </>
          )}
        </section>
      </div>
    </ScreenPage>
  );
}
