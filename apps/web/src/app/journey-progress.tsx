import { StepIndicator } from '../ui/step-indicator';
import type { JourneyProgressProps } from './route-handle';
import { usePassedSteps } from './use-passed-steps';

/**
 * product §1: the step band's indicator, with the steps the customer really passed ticked (ADR 030). It
 * reads the journey store, so it loads with the screens that show it (router.tsx), not with the shell.
 */
export function JourneyProgress({ current, className }: JourneyProgressProps) {
  const passed = usePassedSteps();
  return <StepIndicator current={current} passed={passed} className={className} />;
}

/** The route handle's drawing of it (route-handle.ts). */
export const drawJourneyProgress = (props: JourneyProgressProps) => <JourneyProgress {...props} />;
