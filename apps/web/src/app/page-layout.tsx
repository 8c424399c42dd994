import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { LayoutKind } from '@konek/contract/routes';
import { isNativeApp } from '../lib/device';
import { cx } from '../ui/class-names';
import { StepIndicator } from '../ui/step-indicator';
import { AccountMenu } from './account-menu';
import { NOT_FOUND_TITLE } from './not-found';
import { SiteFooter } from './site-footer';
import { HelpLink, SiteHeader } from './site-header';
import { useJourneyProgress } from './route-handle';
import { useRouteEntry } from './use-route-entry';
import styles from './page-layout.module.css';
import { i18n } from '../i18n/i18n';

/**
 * product §2.1 layouts: default (header, content, footer), full height with the header only, and without
 * footer. Inside the native app wrapper (product §1) the header is hidden; a slim bar keeps the
 * customer's account entry (sign in, or their name with continue / track / sign out) and Help. Journey
 * screens show the step indicator above their content.
 */
export function PageLayout({ kind }: { kind: LayoutKind }) {
  const route = useRouteEntry();
  const title = route?.title ?? NOT_FOUND_TITLE;
  const main = useRef<HTMLElement>(null);
  useFocusOnNewPage(main);
  return (
    <div className={cx(styles.page, kind === 'header-only' && styles.fullHeight)}>
      <title>{i18n._('{title} | Konek Prepaid Fiber', { title: i18n._(title) })}</title>
      <a href="#main" className={styles.skipLink}>
        {i18n._('Skip to content')}
      </a>
      {isNativeApp() ? <AppAccountBar /> : <SiteHeader />}
      {route && route.step !== null ? (
        <div className={styles.stepBand}>
          <div className="container">
            <JourneyProgress current={route.step} />
          </div>
        </div>
      ) : null}
      <main ref={main} id="main" className={styles.main} tabIndex={-1} data-layout={kind}>
        <Outlet />
      </main>
      {kind === 'default' ? <SiteFooter /> : null}
    </div>
  );
}

/**
 * After a navigation within the app, the keyboard and a screen reader start on the new page: its heading
 * (or its main, while it loads) takes the focus that went with the old page's control — unless something
 * holds it already (the mobile-number and code fields focus themselves). The first page is left to the
 * browser.
 */
function useFocusOnNewPage(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const isFirstPage = useRef(true);
  useEffect(() => {
    if (isFirstPage.current) {
      isFirstPage.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const container = main.current;
      if (!container) return;
      // Only a focus that was lost with the old page moves: a control the new screen focused, or one
      // outside the page (the header's menu) that the customer is using, keeps it.
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const heading = container.querySelector<HTMLElement>('h1');
      if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      (heading ?? container).focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}

/**
 * The native app hides the site header: its account entry and the way to help (ADR 079) stay reachable
 * in this bar, on every layout. A landmark of its own (not a banner: the app draws its own), so a screen
 * reader's landmark list reaches it like the header's menu.
 */
function AppAccountBar() {
  return (
    <nav className={styles.appBar} aria-label={i18n._('Account and help')}>
      <div className={cx('container', styles.appBarInner)}>
        <HelpLink />
        <AccountMenu placement="appBar" />
      </div>
    </nav>
  );
}

/**
 * The step band's indicator: the screen's route brings the one that knows the steps passed; until then
 * (a screen whose chunk failed) no step is ticked, as none can be claimed.
 */
function JourneyProgress({ current }: { current: number }) {
  const drawProgress = useJourneyProgress();
  if (!drawProgress)
    return <StepIndicator current={current} passed={[]} className={styles.stepIndicator} />;
  return drawProgress({ current, className: styles.stepIndicator });
}
