import { useCallback, useState } from 'react';
import { opsLogoutCall } from '@konek/contract/ops';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { SignInScreen } from './sign-in-screen';
import { TechnicianJobs } from './technician-jobs';
import { DispatchBoard } from './dispatch-board';
import { PaymentIssues } from './payment-issues';
import { ClosedDays } from './closed-days';
import { CalendarConsole } from './calendar-console';
import { CrewsConsole } from './crews-console';
import { DispatcherViews } from './support-requests';
import { MarketingConsole } from './offers-console';
import { Operators } from './operators';
import { FunnelConsole } from './funnel-console';
import { CoverageConsole } from './coverage-console';
import { NetworkConsole } from './network-console';
import { roleWords } from './ops-words';
import styles from './ops.module.css';
import tabs from './offers-console.module.css';
import { i18n } from '../i18n/i18n';

// ADR 051: /ops/ — sign in, then a technician's jobs of today or a dispatcher's board of the day.
// ADR 089: each role sees only the screens it may use — an admin the operators, a network planner the
// NAP file (ADR 090), marketing the offers (ADR 091), a dispatcher the board and the calendar; marketing
// and an admin the funnel (ADR 096).

const SESSION_KEY = 'konek-ops-session';

function readSession(): OpsSession | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null');
    if (
      value &&
      typeof value === 'object' &&
      'token' in value &&
      typeof value.token === 'string' &&
      'user' in value
    ) {
      return value as OpsSession;
    }
  } catch {
    // An unreadable session is no session.
  }
  return null;
}

export function OpsApp() {
  const [session, setSession] = useState<OpsSession | null>(readSession);
  const [notice, setNotice] = useState<string | null>(null);

  const signedIn = useCallback((next: OpsSession) => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(next));
    setNotice(null);
    setSession(next);
  }, []);
  const forget = useCallback((message: string | null) => {
    sessionStorage.removeItem(SESSION_KEY);
    setNotice(message);
    setSession(null);
  }, []);
  /** A refused token (expired, or signed out elsewhere) ends the session on this page too. */
  const onFailure = useCallback(
    (failure: OpsFailure) => {
      if (failure.status === 401) forget(i18n._('Your session ended. Sign in again.'));
    },
    [forget],
  );
  const signOut = async () => {
    if (session) await opsCall(opsLogoutCall, {}, session.token);
    forget(i18n._('You are signed out.'));
  };

  if (!session) return <SignInScreen onSignedIn={signedIn} notice={notice} />;
  const { user } = session;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <span className={styles.brand}>
            {i18n._('Konek')} <span className={styles.brandTag}>{i18n._('Field')}</span>
          </span>
          <span className={styles.who}>
            {i18n._('{name} · {role}', { name: user.first_name, role: roleWords(user.role) })}
          </span>
          <button type="button" className={styles.linkButton} onClick={() => void signOut()}>
            {i18n._('Sign out')}
          </button>
        </div>
      </header>
      <main className={styles.main}>
        <RoleScreens session={session} onFailure={onFailure} />
      </main>
    </div>
  );
}

/** What the signed-in role may use, and nothing else. */
function RoleScreens({
  session,
  onFailure,
}: {
  session: OpsSession;
  onFailure: (failure: OpsFailure) => void;
}) {
  switch (session.user.role) {
    case 'technician':
      return <TechnicianJobs session={session} onFailure={onFailure} />;
    case 'dispatcher':
      return (
        <DispatcherViews
          session={session}
          onFailure={onFailure}
          calendar={
            <>
              <CalendarConsole session={session} onFailure={onFailure} />
              <ClosedDays session={session} onFailure={onFailure} />
              <CrewsConsole session={session} onFailure={onFailure} />
            </>
          }
        >
          <DispatchBoard session={session} onFailure={onFailure} />
          <PaymentIssues session={session} onFailure={onFailure} />
        </DispatcherViews>
      );
    case 'admin':
      return <AdminViews session={session} onFailure={onFailure} />;
    case 'marketing':
      return <MarketingConsole session={session} onFailure={onFailure} />;
    case 'network_planner':
      return (
        <>
          <CoverageConsole session={session} onFailure={onFailure} />
          <NetworkConsole session={session} onFailure={onFailure} />
        </>
      );
  }
}

/** ADR 096: an admin's two views, the operators and the funnel, one at a time. */
function AdminViews({
  session,
  onFailure,
}: {
  session: OpsSession;
  onFailure: (failure: OpsFailure) => void;
}) {
  const [view, setView] = useState<'operators' | 'funnel'>('operators');
  const views: ['operators' | 'funnel', string][] = [
    ['operators', i18n._('Operators')],
    ['funnel', i18n._('Funnel')],
  ];
  return (
    <>
      <nav className={tabs.tabs} aria-label={i18n._('Admin views')}>
        {views.map(([id, label]) => (
          <button
            key={id}
            type="button"
            className={tabs.tab}
            aria-pressed={view === id}
            onClick={() => setView(id)}
          >
            {label}
          </button>
        ))}
      </nav>
      {view === 'operators' ? <Operators session={session} onFailure={onFailure} /> : null}
      {view === 'funnel' ? <FunnelConsole session={session} onFailure={onFailure} /> : null}
    </>
  );
}
