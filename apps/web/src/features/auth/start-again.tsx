import { ButtonLink } from '../../ui/button-link';
import { InfoIcon } from '../../ui/icons';
import { AuthScreen } from './auth-screen';
import { useRouteTitle } from './use-route-title';
import styles from './auth-form.module.css';

/**
 * A step opened without the steps before it (a bookmark, a new tab, a flow that finished): the screen
 * says so and leads back to its start, instead of showing a form that cannot work.
 */
export function StartAgain({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <AuthScreen icon={<InfoIcon />} tone="warning" title={useRouteTitle()}>
      <div className={styles.state}>
        <p className={styles.stateText}>{text}</p>
        <div className={styles.stateActions}>
          <ButtonLink to={to} fullWidth data-tag="auth_start_again">
            {action}
          </ButtonLink>
        </div>
      </div>
    </AuthScreen>
  );
}
