import { Link } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import {
  FOOTER_COMPANY_LINKS,
  FOOTER_LEGAL_LINKS,
  SOCIAL_LINKS,
  useContactChannel,
  useSiteLinks,
  type SiteLink,
  type SocialNetwork,
} from '../lib/site-links';
import { cx } from '../ui/class-names';
import { ExternalAnchor } from '../ui/external-anchor';
import { FacebookIcon, InstagramIcon, XIcon } from '../ui/icons';
import { Logo } from '../ui/logo';
import styles from './site-footer.module.css';
import { i18n } from '../i18n/i18n';

const SOCIAL_ICONS: Record<SocialNetwork, typeof FacebookIcon> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  x: XIcon,
};

/** A column of links; Konek's own pages open in place, the operator's in a new tab. */
function LinkColumn({ title, links }: { title: string; links: readonly SiteLink[] }) {
  const shown = useSiteLinks(links);
  if (shown.length === 0) return null;
  return (
    <nav aria-label={title}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.list}>
        {shown.map((link) => (
          <li key={link.key}>
            {link.isExternal ? (
              <ExternalAnchor href={link.href}>{i18n._(link.label)}</ExternalAnchor>
            ) : (
              <Link to={link.href} data-tag={`footer_${link.key}`}>
                {i18n._(link.label)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * ADR 079: the help page, and where to write — Konek's own contact form, or the operator's customer
 * service when one is configured.
 */
function HelpColumn() {
  const contact = useContactChannel();
  const title = i18n._('Help');
  return (
    <nav aria-label={title}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.list}>
        <li>
          <Link to={PATHS.help} data-tag="footer_help">
            {i18n._('Help and answers')}
          </Link>
        </li>
        <li>
          {contact.isExternal ? (
            <ExternalAnchor href={contact.href} data-tag="footer_contact">
              {i18n._('Contact customer service')}
            </ExternalAnchor>
          ) : (
            <Link to={contact.href} data-tag="footer_contact">
              {i18n._('Contact us')}
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** The operator's social pages that are configured, each in a new tab. */
function SocialLinks() {
  const links = useSiteLinks(SOCIAL_LINKS);
  if (links.length === 0) return null;
  return (
    <ul className={styles.social} aria-label={i18n._('Social media')}>
      {links.map((link) => {
        const Icon = SOCIAL_ICONS[link.key];
        return (
          <li key={link.key}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className={styles.socialLink}
              aria-label={i18n._(link.label)}
            >
              <Icon />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * product §2.1 footer: help (ADR 079), company and policy pages (Konek's own privacy notice, terms,
 * cookie policy and about page unless the operator configures its own), the configured social pages,
 * and a logo back to the home page.
 */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={cx('container', styles.top)}>
        <div className={styles.brand}>
          <Link
            to={PATHS.home}
            className={styles.logo}
            aria-label={i18n._('Back to Konek home')}
            data-tag="footer_logo"
          >
            <Logo height={30} />
          </Link>
          <p className={styles.tagline}>
            {i18n._(
              'Prepaid home fibre, ordered online. Check your address, book your installation and pay with your e-wallet — no contract, no monthly bill.',
            )}
          </p>
          <SocialLinks />
        </div>
        <div className={styles.columns}>
          <HelpColumn />
          <LinkColumn title={i18n._('Company')} links={FOOTER_COMPANY_LINKS} />
          <LinkColumn title={i18n._('Policies')} links={FOOTER_LEGAL_LINKS} />
        </div>
      </div>
      <div className={styles.bottom}>
        <div className={cx('container', styles.bottomInner)}>
          <p>
            {i18n._('© {year} Konek. Prepaid home fibre for the Philippines.', {
              year: new Date().getFullYear(),
            })}
          </p>
          <p>{i18n._('Pay with GCash, GrabPay, Maya or ShopeePay.')}</p>
        </div>
      </div>
    </footer>
  );
}
