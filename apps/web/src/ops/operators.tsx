import { useEffect, useRef, useState, type FormEvent } from 'react';
import { OPS_ROLES, type TOpsRole } from '@konek/contract/ops';
import {
  opsAddOperatorCall,
  opsDisableOperatorCall,
  opsOperatorsCall,
  opsSetOperatorRoleCall,
  type TOpsOperator,
} from '@konek/contract/ops-operators';
import { opsCall, type OpsFailure, type OpsSession } from './ops-client';
import { momentWords, roleWords } from './ops-words';
import { RecordHistory } from './record-history';
import { i18n } from '../i18n/i18n';
import styles from './ops.module.css';
import admin from './operators.module.css';

// ADR 089: the admins' operators. Every operator with their role and whether they can sign in; an admin
// adds one (the server makes the password, shown here once), changes a role, disables an account after
// confirming, and reads any operator's history. Their own row has no role change nor disabling: another
// admin does that, so an admin is always left.

type Props = { session: OpsSession; onFailure: (failure: OpsFailure) => void };

/** The password the server made for a new operator: on screen until the admin says it is handed over. */
type Made = { username: string; firstName: string; password: string };

function RoleOptions() {
  return (
    <>
      {OPS_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleWords(role)}
        </option>
      ))}
    </>
  );
}

function AddOperatorForm(props: {
  busy: boolean;
  onAdd: (operator: { username: string; first_name: string; role: TOpsRole }) => Promise<boolean>;
}) {
  const [username, setUsername] = useState('');
  const [firstName, setFirstName] = useState('');
  const [role, setRole] = useState<TOpsRole>('technician');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (props.busy) return;
    if (await props.onAdd({ username: username.trim(), first_name: firstName.trim(), role })) {
      setUsername('');
      setFirstName('');
      setRole('technician');
    }
  };
  return (
    <form
      className={admin.addForm}
      aria-label={i18n._('Add an operator')}
      onSubmit={(event) => void submit(event)}
    >
      <label className={styles.field}>
        <span className={styles.label}>{i18n._('Username')}</span>
        <input
          className={styles.input}
          type="text"
          required
          minLength={3}
          maxLength={32}
          pattern="[a-z0-9._\-]+"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby="new-username-rule"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <span id="new-username-rule" className={styles.muted}>
          {i18n._('3 to 32 lower-case letters, digits, dots, dashes or underscores.')}
        </span>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{i18n._('First name')}</span>
        <input
          className={styles.input}
          type="text"
          required
          maxLength={100}
          autoComplete="off"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
        />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{i18n._('Role')}</span>
        <select
          className={styles.select}
          value={role}
          onChange={(event) => setRole(event.target.value as TOpsRole)}
        >
          <RoleOptions />
        </select>
      </label>
      <div className={`${styles.actions} ${admin.submit}`}>
        <button className={styles.primary} type="submit" aria-busy={props.busy || undefined}>
          {i18n._('Add operator')}
        </button>
      </div>
    </form>
  );
}

/** The made password, once: the admin hands it over, then closes it. */
function MadePassword({ made, onDone }: { made: Made; onDone: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      className={admin.password}
      role="status"
      tabIndex={-1}
      ref={box}
      aria-labelledby="made-password-title"
    >
      <p id="made-password-title" className={styles.cause}>
        {i18n._('{username} is added. Their password:', { username: made.username })}
      </p>
      <p className={admin.secret}>
        <code>{made.password}</code>
      </p>
      <p className={styles.muted}>
        {i18n._(
          'Shown this once: give it to {name} now, in person or by a message only they read. It cannot be shown again.',
          { name: made.firstName },
        )}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onDone}>
          {i18n._('Done, the password is handed over')}
        </button>
      </div>
    </div>
  );
}

function OperatorRow(props: {
  operator: TOpsOperator;
  isYou: boolean;
  busy: boolean;
  onRole: (operator: TOpsOperator, role: TOpsRole) => Promise<void>;
  onDisable: (operator: TOpsOperator) => Promise<void>;
  onHistory: (operator: TOpsOperator) => void;
}) {
  const { operator, isYou, busy } = props;
  const [role, setRole] = useState<TOpsRole>(operator.role);
  const [confirming, setConfirming] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) cancel.current?.focus();
  }, [confirming]);
  const name = operator.username;
  const disabled = operator.disabled_at !== null;
  return (
    <tr>
      <th scope="row" className={admin.username}>
        {name}
        {isYou ? <span className={admin.you}> {i18n._('(you)')}</span> : null}
      </th>
      <td>{operator.first_name}</td>
      <td>
        {isYou ? (
          roleWords(operator.role)
        ) : (
          <div className={admin.roleCell}>
            <select
              className={`${styles.select} ${admin.roleSelect}`}
              aria-label={i18n._('Role of {name}', { name })}
              value={role}
              onChange={(event) => setRole(event.target.value as TOpsRole)}
            >
              <RoleOptions />
            </select>
            <button
              type="button"
              className={`${styles.smallButton} ${admin.save}`}
              aria-label={i18n._('Save role of {name}', { name })}
              disabled={role === operator.role || busy}
              onClick={() => void props.onRole(operator, role)}
            >
              {i18n._('Save role')}
            </button>
          </div>
        )}
      </td>
      <td>
        {disabled
          ? i18n._('Disabled {when}', { when: momentWords(operator.disabled_at!) })
          : i18n._('Can sign in')}
      </td>
      <td>
        <div className={admin.rowActions}>
          <button
            type="button"
            className={styles.smallButton}
            aria-label={i18n._('History of {name}', { name })}
            onClick={() => props.onHistory(operator)}
          >
            {i18n._('History')}
          </button>
          {!isYou && !disabled && !confirming ? (
            <button
              type="button"
              className={styles.smallButton}
              aria-label={i18n._('Disable {name}', { name })}
              onClick={() => setConfirming(true)}
            >
              {i18n._('Disable')}
            </button>
          ) : null}
        </div>
        {confirming ? (
          <div
            className={admin.confirm}
            role="group"
            aria-label={i18n._('Confirm disabling {name}', { name })}
          >
            <p>
              {i18n._(
                '{name} can no longer sign in, and is signed out everywhere now. This cannot be undone here.',
                { name },
              )}
            </p>
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.danger}
                aria-busy={busy || undefined}
                onClick={() => void props.onDisable(operator).then(() => setConfirming(false))}
              >
                {i18n._('Yes, disable {name}', { name })}
              </button>
              <button
                type="button"
                className={styles.secondary}
                ref={cancel}
                onClick={() => setConfirming(false)}
              >
                {i18n._('Keep {name}', { name })}
              </button>
            </div>
          </div>
        ) : null}
      </td>
    </tr>
  );
}

export function Operators({ session, onFailure }: Props) {
  const [operators, setOperators] = useState<TOpsOperator[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<TOpsOperator | null>(null);
  const [version, setVersion] = useState(0);

  // Read on opening and after each change: the server's list is the one shown.
  useEffect(() => {
    let live = true;
    void opsCall(opsOperatorsCall, {}, session.token).then((result) => {
      if (!live) return;
      if (result.ok) {
        setOperators(result.reply.operators);
      } else {
        onFailure(result);
        setError(result.message);
      }
    });
    return () => {
      live = false;
    };
  }, [session.token, onFailure, version]);
  const reload = () => setVersion((current) => current + 1);

  /** Runs one change; a refusal is shown as the server words it. */
  const change = async <T,>(
    run: () => Promise<{ ok: true; reply: T } | OpsFailure>,
  ): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    setSaid(null);
    const result = await run();
    setBusy(false);
    if (!result.ok) {
      onFailure(result);
      setError(result.message);
      return undefined;
    }
    reload();
    return result.reply;
  };

  const add = async (operator: { username: string; first_name: string; role: TOpsRole }) => {
    const reply = await change(() => opsCall(opsAddOperatorCall, operator, session.token));
    if (!reply) return false;
    setMade({
      username: reply.operator.username,
      firstName: reply.operator.first_name,
      password: reply.password,
    });
    return true;
  };
  const setRole = async (operator: TOpsOperator, role: TOpsRole) => {
    const reply = await change(() =>
      opsCall(opsSetOperatorRoleCall, { user_id: operator.user_id, role }, session.token),
    );
    if (reply) {
      setSaid(
        i18n._('{name} is now {role}.', {
          name: operator.username,
          role: roleWords(reply.operator.role),
        }),
      );
    }
  };
  const disable = async (operator: TOpsOperator) => {
    const reply = await change(() =>
      opsCall(opsDisableOperatorCall, { user_id: operator.user_id }, session.token),
    );
    if (reply) {
      setSaid(
        i18n._('{name} is disabled: they can no longer sign in.', { name: operator.username }),
      );
    }
  };

  return (
    <section aria-labelledby="operators-title">
      <div className={styles.titleRow}>
        <div>
          <h1 id="operators-title" className={styles.title}>
            {i18n._('Operators')}
          </h1>
          <p className={styles.muted}>
            {i18n._(
              'Everyone who signs in to this page, with their role. A role holds from their next action; a disabled operator cannot sign in. Every change is recorded in its history.',
            )}
          </p>
        </div>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {said && (
        <p className={styles.notice} role="status">
          {said}
        </p>
      )}
      {made ? <MadePassword made={made} onDone={() => setMade(null)} /> : null}
      <h2 className={admin.subtitle}>{i18n._('Add an operator')}</h2>
      <AddOperatorForm busy={busy} onAdd={add} />
      <h2 className={admin.subtitle}>{i18n._('Everyone')}</h2>
      {operators === null ? (
        <p className={styles.muted}>{i18n._('Loading operators…')}</p>
      ) : (
        <div
          className={admin.tableScroll}
          role="region"
          aria-label={i18n._('Operators table')}
          tabIndex={0}
        >
          <table className={admin.table}>
            <thead>
              <tr>
                <th scope="col">{i18n._('Username')}</th>
                <th scope="col">{i18n._('First name')}</th>
                <th scope="col">{i18n._('Role')}</th>
                <th scope="col">{i18n._('Status')}</th>
                <th scope="col">{i18n._('Actions')}</th>
              </tr>
            </thead>
            <tbody>
              {operators.map((operator) => (
                <OperatorRow
                  // A new role from the server starts the row afresh (its select shows it).
                  key={`${operator.user_id}:${operator.role}`}
                  operator={operator}
                  isYou={operator.user_id === session.user.user_id}
                  busy={busy}
                  onRole={setRole}
                  onDisable={disable}
                  onHistory={setHistory}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history ? (
        <RecordHistory
          key={history.user_id}
          session={session}
          entity="ops_user"
          entityId={history.user_id}
          name={history.username}
          onFailure={onFailure}
          onClose={() => setHistory(null)}
        />
      ) : null}
    </section>
  );
}
