import { PATHS } from '@konek/contract/routes';

// Confirm and Pay sends a customer without a plan to choose one "and we'll bring you back here": the
// plans page is opened with this history state, and choosing a plan then returns to pay.

export const BACK_TO_PAY_STATE = { afterChoosingPlan: PATHS.pay } as const;

/** Where choosing a plan continues when the page was opened by Confirm and Pay; null otherwise. */
export function afterChoosingPlan(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('afterChoosingPlan' in state)) return null;
  return state.afterChoosingPlan === PATHS.pay ? PATHS.pay : null;
}
