import { JOURNEY_STEPS } from '@konek/contract/routes';
import { ButtonLink } from '../ui/button-link';
import { InfoIcon } from '../ui/icons';
import { SCREEN_DESCRIPTIONS } from './screen-descriptions';
import { useRouteEntry } from './use-route-entry';
import styles from './status-screen.module.css';

/** A route's screen until its feature builds a richer one: its title and what it is for. */
export function GenericScreen() {
  const route = useRouteEntry();
  if (!route) return null;
  const stepName = route.step === null ? undefined : JOURNEY_STEPS[route.step];
  return (
    <section className={styles.screen}>
      <div className="container">
        <div className={styles.card}>
          <p className={styles.badge} aria-hidden="true">
            {route.step === null ? <InfoIcon /> : route.step + 1}
          </p>
          {stepName && route.step !== null ? (
            <p className={styles.eyebrow}>
              Step {route.step + 1} of {JOURNEY_STEPS.length} · {stepName}
            </p>
          ) : null}
          <h1 className={styles.title}>{route.title}</h1>
          <p className={styles.description}>{SCREEN_DESCRIPTIONS[route.path]}</p>
          <div className={styles.actions}>
            <ButtonLink to="/" variant="secondary">
              Back to home page
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
