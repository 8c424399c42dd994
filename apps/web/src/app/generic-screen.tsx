import { JOURNEY_STEPS, PATHS } from '@konek/contract/routes';
import { ButtonLink } from '../ui/button-link';
import { InfoIcon } from '../ui/icons';
import { SCREEN_DESCRIPTIONS } from './screen-descriptions';
import { useRouteEntry } from './use-route-entry';
import { StatusActions, StatusCard, StatusText } from '../ui/status-card';
import { i18n } from '../i18n/i18n';

/** A route's screen until its feature builds a richer one: its title and what it is for. */
export function GenericScreen() {
  const route = useRouteEntry();
  if (!route) return null;
  const stepName = route.step === null ? undefined : JOURNEY_STEPS[route.step];
  return (
    <StatusCard
      icon={route.step === null ? <InfoIcon /> : route.step + 1}
      eyebrow={
        stepName && route.step !== null
          ? i18n._('Step {step} of {count} · {name}', {
              step: route.step + 1,
              count: JOURNEY_STEPS.length,
              name: i18n._(stepName),
            })
          : undefined
      }
      title={i18n._(route.title)}
    >
      <StatusText>{i18n._(SCREEN_DESCRIPTIONS[route.path] ?? '')}</StatusText>
      <StatusActions>
        <ButtonLink to={PATHS.home} variant="secondary">
          {i18n._('Back to home page')}
        </ButtonLink>
      </StatusActions>
    </StatusCard>
  );
}
