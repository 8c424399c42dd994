import { Link } from 'react-router';
import {
  FOOTER_COMPANY_LINKS,
  FOOTER_LEGAL_LINKS,
  SOCIAL_LINKS,
  type ExternalLink,
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

function LinkColumn({ title, links }: { title: string; links: readonly ExternalLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.href}>
            <ExternalAnchor href={link.href}>{i18n._(link.label)}</ExternalAnchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** product §2.1 footer: company and policy pages, three social pages, and a logo back to the home page. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={cx('container', styles.top)}>
        <div className={styles.brand}>
          <Link
            to="/"
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
          <ul className={styles.social} aria-label={i18n._('Social media')}>
            {SOCIAL_LINKS.map((link) => {
              const Icon = SOCIAL_ICONS[link.network];
              return (
                <li key={link.network}>
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
        </div>
        <div className={styles.columns}>
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
