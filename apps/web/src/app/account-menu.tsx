import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import { useSession, type Session } from '../lib/session';
import { cx } from '../ui/class-names';
import { ChevronDownIcon, LineIcon, type IconProps } from '../ui/icons';
import styles from './account-menu.module.css';
import { i18n } from '../i18n/i18n';

// A returning customer's way back in: signed out, a "Sign in" link; signed in, their first name opens a
// menu to continue the order where the stored context left it (ADR 016), track it, or sign out. What
// continue and sign out call loads when chosen (a signed-in visitor has it already: app/start.tsx resumes
// the session with it), so the header ships without the account calls.

function UserIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.6-3.5 4.6-5 8-5s6.4 1.5 8 5" />
    </LineIcon>
  );
}

/** The name the account button shows: the first name once get_user has answered. */
export function accountName(session: Session): string {
  const firstName = session.user?.properties.first_name?.trim();
  return firstName ? firstName : i18n._('My account');
}

type Placement = 'header' | 'appBar';

/** Analytics tags (data-tag) name where the entry was used. */
const TAG_PREFIX: Record<Placement, string> = { header: 'header', appBar: 'app' };

export type AccountMenuProps = {
  /** Where it sits: the header's menu, or the slim bar shown inside the native app. */
  placement: Placement;
  /** Called after any entry was chosen (the header closes its phone panel). */
  onDone?: () => void;
};

/** The sign-in screens themselves: a "Sign in" link there would only point at the page being shown. */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set([PATHS.signin, PATHS.partnerSignin]);

export function AccountMenu({ placement, onDone }: AccountMenuProps) {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session) {
    if (SIGN_IN_PATHS.has(pathname)) return null;
    return (
      <Link
        to={PATHS.signin}
        className={cx(styles.signIn, styles[placement])}
        data-tag={`${TAG_PREFIX[placement]}_sign_in`}
      >
        <UserIcon className={styles.icon} />
        {i18n._('Sign in')}
      </Link>
    );
  }
  return <SignedInMenu session={session} placement={placement} onDone={onDone} />;
}

function SignedInMenu({ session, placement, onDone }: AccountMenuProps & { session: Session }) {
  const [isOpen, setIsOpen] = useState(false);
  const [busy, setBusy] = useState<'continue' | 'sign-out' | null>(null);
  const listId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const tag = TAG_PREFIX[placement];

  // A click anywhere else closes the menu (Safari gives buttons no focus on click, so blur is not enough).
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && container.current?.contains(event.target)) return;
      setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) {
      return;
    }
    if (event.relatedTarget) setIsOpen(false);
  };

  // Escape closes this menu only (not the header's phone panel around it) and gives focus back.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen) return;
    event.stopPropagation();
    setIsOpen(false);
    button.current?.focus();
  };

  const finish = () => {
    setIsOpen(false);
    onDone?.();
  };

  const onContinue = async () => {
    setBusy('continue');
    try {
      const { resumeJourney } = await import('../features/auth/complete-sign-in');
      const destination = await resumeJourney();
      finish();
      await navigate(destination);
    } finally {
      setBusy(null);
    }
  };

  const onSignOut = async () => {
    setBusy('sign-out');
    try {
      const { signOut } = await import('../lib/auth-session');
      await signOut();
    } finally {
      setBusy(null);
      finish();
    }
  };

  return (
    <div
      ref={container}
      className={cx(styles.account, styles[placement])}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <button
        ref={button}
        type="button"
        className={styles.accountButton}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
        data-tag={`${tag}_account_menu`}
      >
        <UserIcon className={styles.icon} />
        <span className={styles.name}>{accountName(session)}</span>
        <ChevronDownIcon className={styles.chevron} />
      </button>
      <ul id={listId} className={styles.list} hidden={!isOpen}>
        <li>
          <button
            type="button"
            className={styles.item}
            disabled={busy !== null}
            aria-busy={busy === 'continue'}
            onClick={() => void onContinue()}
            data-tag={`${tag}_account_continue`}
          >
            {i18n._('Continue my order')}
          </button>
        </li>
        <li>
          <Link
            to={PATHS.trackmyorder}
            className={styles.item}
            onClick={finish}
            data-tag={`${tag}_account_track_order`}
          >
            {i18n._('Track my order')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={styles.item}
            disabled={busy !== null}
            aria-busy={busy === 'sign-out'}
            onClick={() => void onSignOut()}
            data-tag={`${tag}_account_sign_out`}
          >
            {i18n._('Sign out')}
          </button>
        </li>
      </ul>
    </div>
  );
}
