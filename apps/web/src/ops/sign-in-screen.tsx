import { useState, type FormEvent } from 'react';
import { opsLoginCall } from '@konek/contract/ops';
import { opsCall, type OpsSession } from './ops-client';
import { countMessage, i18n, msg } from '../i18n/i18n';
import styles from './ops.module.css';

const LOCKED_FOR = {
  one: msg(
    /*i18n*/ 'This account is locked after too many wrong passwords. Try again in {minutes} minute.',
  ),
  other: msg(
    /*i18n*/ 'This account is locked after too many wrong passwords. Try again in {minutes} minutes.',
  ),
};

function lockedMessage(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined) {
    return i18n._('This account is locked after too many wrong passwords. Try again later.');
  }
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return countMessage(minutes, LOCKED_FOR, { minutes });
}

export function SignInScreen(props: {
  onSignedIn: (session: OpsSession) => void;
  notice: string | null;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(i18n._('Enter your username and password.'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await opsCall(
      opsLoginCall,
      { username: username.trim().toLowerCase(), password },
      null,
    );
    setBusy(false);
    if (result.ok) {
      props.onSignedIn({ token: result.reply.api_token, user: result.reply.user });
      return;
    }
    if (result.module === 'ops' && result.code === 2) {
      setError(lockedMessage(result.retryAfterSeconds));
    } else if ((result.module === 'ops' && result.code === 1) || result.status === 400) {
      setError(i18n._('The username or password is incorrect.'));
    } else {
      setError(result.message);
    }
    setPassword('');
  };

  return (
    <main className={styles.signInPage}>
      <form className={styles.signInCard} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.brand}>
          {i18n._('Konek')} <span className={styles.brandTag}>{i18n._('Field')}</span>
        </p>
        <h1 className={styles.title}>{i18n._('Sign in to your jobs')}</h1>
        <p className={styles.muted}>{i18n._('For Konek technicians and dispatchers.')}</p>
        {props.notice && (
          <p className={styles.notice} role="status">
            {props.notice}
          </p>
        )}
        <label className={styles.field}>
          <span className={styles.label}>{i18n._('Username')}</span>
          <input
            className={styles.input}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{i18n._('Password')}</span>
          <input
            className={styles.input}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button className={styles.primary} type="submit" disabled={busy}>
          {busy ? i18n._('Signing in…') : i18n._('Sign in')}
        </button>
      </form>
    </main>
  );
}
