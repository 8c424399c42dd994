import type { ReactNode } from 'react';
import { useMatches } from 'react-router';

export type JourneyProgressProps = { current: number; className?: string };

/** What a screen's route gives the layout around it, loaded with the screen's chunk (router.tsx). */
export type ScreenHandle = {
  /** Draws the step band's indicator, for a screen of the journey. */
  journeyProgress: (props: JourneyProgressProps) => ReactNode;
};

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && 'journeyProgress' in handle;
}

/** What draws the current screen's step indicator, once its chunk has loaded. */
export function useJourneyProgress(): ScreenHandle['journeyProgress'] | undefined {
  const handle = useMatches().at(-1)?.handle;
  return isScreenHandle(handle) ? handle.journeyProgress : undefined;
}
