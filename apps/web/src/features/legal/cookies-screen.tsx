import { COOKIE_LIFETIME_MS } from '@konek/contract/constants';
import { COOKIE_NAMES, type CookieKind } from '../../lib/cookies';
import { LegalPage, LegalSection } from './legal-page';
import styles from './legal-page.module.css';
import { i18n } from '../../i18n/i18n';

// The cookies the app sets (lib/cookies.ts), listed from the same names and lifetimes so the page cannot
// drift from what the browser stores.

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function lifetime(ms: number): string {
  if (ms < DAY_MS) return i18n._('{count} minutes', { count: Math.round(ms / MINUTE_MS) });
  return i18n._('{count} days', { count: Math.round(ms / DAY_MS) });
}

function purpose(kind: CookieKind): string {
  switch (kind) {
    case 'token':
      return i18n._('Keeps you signed in; it is replaced while you use the site.');
    case 'user':
      return i18n._('Your account, so a returning visit knows who signed in.');
    case 'account':
      return i18n._('Your service account with the operator, for your order.');
    case 'mobile':
      return i18n._('The mobile number you signed in with, filled in for you next time.');
    case 'deviceId':
      return i18n._('A random identifier of this browser, to count visits and stop abuse.');
  }
}

const KINDS: readonly CookieKind[] = ['token', 'user', 'account', 'mobile', 'deviceId'];

/** /cookies: Konek's cookie policy. */
export function CookiesScreen() {
  return (
    <LegalPage
      id="cookies-title"
      eyebrow={i18n._('Policies')}
      title={i18n._('Cookie policy')}
      lead={i18n._(
        'Konek sets only the cookies the site needs to work. We do not use advertising cookies, and no other company sets cookies through this site.',
      )}
    >
      <LegalSection title={i18n._('The cookies we set')}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{i18n._('Cookie')}</th>
              <th scope="col">{i18n._('What it is for')}</th>
              <th scope="col">{i18n._('Kept for')}</th>
            </tr>
          </thead>
          <tbody>
            {KINDS.map((kind) => (
              <tr key={kind}>
                <td>
                  <code>{COOKIE_NAMES[kind]}</code>
                </td>
                <td>{purpose(kind)}</td>
                <td>{lifetime(COOKIE_LIFETIME_MS[kind])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </LegalSection>
      <LegalSection title={i18n._('Your browser’s storage')}>
        <p>
          {i18n._(
            'While you order, the site also keeps the address you checked and the step you reached in your browser’s own storage, so a reload does not lose your place. Signing out ends your session; clearing your browser’s site data removes everything.',
          )}
        </p>
      </LegalSection>
      <LegalSection title={i18n._('Turning cookies off')}>
        <p>
          {i18n._(
            'You can block or delete cookies in your browser’s settings. Without them you can still check your address, but you cannot sign in or order.',
          )}
        </p>
      </LegalSection>
    </LegalPage>
  );
}
