import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { useSession } from '../lib/session';
import { HEADER_PRODUCT_LINKS, useSiteLinks } from '../lib/site-links';
import { ButtonLink } from '../ui/button-link';
import { cx } from '../ui/class-names';
import { ExternalAnchor } from '../ui/external-anchor';
import { CloseIcon, HelpIcon, MenuIcon } from '../ui/icons';
import { Logo } from '../ui/logo';
import { AccountMenu } from './account-menu';
import { HeaderMoreMenu } from './header-more-menu';
import styles from './site-header.module.css';
import { i18n } from '../i18n/i18n';

/**
 * ADR 079: the way to help, on the bar itself at every width (not inside the phone's menu), so every
 * page that shows the header shows it.
 */
export function HelpLink({ className }: { className?: string }) {
  const { pathname } = useLocation();
  return (
    <Link
      to={PATHS.help}
      className={cx(styles.help, className)}
      aria-current={pathname === PATHS.help ? 'page' : undefined}
      data-tag="header_help"
    >
      <HelpIcon />
      {i18n._('Help')}
    </Link>
  );
}

/**
 * product §2.1 header: the logo goes to / with st=t; the menu lists the prepaid fibre entry (/) and three
 * external products, with the two LTE-router products under "More" (each shown when the operator has
 * configured its URL). On phones and tablets the menu
 * opens from a button. Last comes the customer's account entry: "Sign in", or their name and its menu.
 * The help link sits on the bar beside the menu (ADR 079).
 */
export function SiteHeader() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const session = useSession();
  const isPrepaidCurrent = pathname === PATHS.home || pathname.startsWith(PATHS.checkAddress);
  const productLinks = useSiteLinks(HEADER_PRODUCT_LINKS);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isMenuOpen) return;
    setIsMenuOpen(false);
    menuButton.current?.focus();
  };
  // Following any link inside the panel closes it.
  const onMenuClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) setIsMenuOpen(false);
  };

  return (
    <>
      <header className={styles.header}>
        <div className={cx('container', styles.bar)}>
          {/* Named by what it shows, the wordmark and then "Prepaid Fiber" from 420 px, so a voice user
              who says the words on screen reaches it (WCAG 2.5.3). */}
          <Link
            to={`${PATHS.home}?st=t`}
            className={styles.brand}
            aria-label={i18n._('Konek Prepaid Fiber')}
            data-tag="header_logo"
          >
            <Logo height={26} />
            <span className={styles.productTag}>{i18n._('Prepaid Fiber')}</span>
          </Link>
          <HelpLink className={styles.helpInBar} />
          <nav aria-label={i18n._('Main')} onKeyDown={onKeyDown}>
            <button
              ref={menuButton}
              type="button"
              className={styles.menuButton}
              aria-expanded={isMenuOpen}
              aria-controls={menuId}
              onClick={() => setIsMenuOpen((open) => !open)}
            >
              {isMenuOpen ? <CloseIcon /> : <MenuIcon />}
              {i18n._('Menu')}
            </button>
            <div
              id={menuId}
              className={cx(styles.menu, isMenuOpen && styles.menuOpen)}
              onClick={onMenuClick}
            >
              <ul className={styles.links}>
                <li>
                  <Link
                    to={PATHS.home}
                    className={styles.link}
                    aria-current={isPrepaidCurrent ? 'page' : undefined}
                    data-tag="header_menu_prepaid_fiber"
                  >
                    {i18n._('Prepaid Fiber')}
                  </Link>
                </li>
                {productLinks.map((link) => (
                  <li key={link.key}>
                    <ExternalAnchor
                      href={link.href}
                      className={styles.link}
                      showIcon
                      iconClassName={styles.linkIcon}
                      data-tag={`header_menu_${link.key}`}
                    >
                      {i18n._(link.label)}
                    </ExternalAnchor>
                  </li>
                ))}
                <HeaderMoreMenu />
              </ul>
              {/* Signed in, the account menu carries "Track my order": the header shows it once. */}
              {session ? null : (
                <ButtonLink
                  to={PATHS.trackmyorder}
                  variant="secondary"
                  className={styles.track}
                  data-tag="header_track_order"
                >
                  {i18n._('Track my order')}
                </ButtonLink>
              )}
              <AccountMenu placement="header" onDone={() => setIsMenuOpen(false)} />
            </div>
          </nav>
        </div>
      </header>
      {/* Outside the header: its backdrop-filter would make it the box a fixed child is placed in. */}
      {isMenuOpen ? (
        <div className={styles.backdrop} aria-hidden="true" onClick={() => setIsMenuOpen(false)} />
      ) : null}
    </>
  );
}
