import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '@konek/contract/routes';
import * as z from 'zod';
import { readParsed } from '../../lib/browser-storage';

// ADR 050, stillthere: a tracking page left open without a touch, a key or a scroll for
// IDLE_SECONDS asks whether the customer is still there; no answer in ANSWER_SECONDS signs them out, so a
// shared or lost phone does not stay signed in on the order. Both can be shortened for a test through
// localStorage (IDLE_SETTINGS_KEY) — nothing private is behind it, only a sooner question.

export const IDLE_SECONDS = 10 * 60;
export const ANSWER_SECONDS = 60;
export const IDLE_SETTINGS_KEY = 'konek.track-idle';

const ZIdleSettings = z.object({
  idleSeconds: z.number().positive().optional(),
  answerSeconds: z.number().positive().optional(),
});

export function idleSettings(): { idleSeconds: number; answerSeconds: number } {
  const stored = readParsed(window.localStorage, IDLE_SETTINGS_KEY, ZIdleSettings);
  return {
    idleSeconds: stored?.idleSeconds ?? IDLE_SECONDS,
    answerSeconds: stored?.answerSeconds ?? ANSWER_SECONDS,
  };
}

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

/** The state stillthere is opened with: the page to go back to. */
export type StillThereState = { from: string };

export function readStillThereState(state: unknown): StillThereState | null {
  const parsed = z.object({ from: z.string().startsWith('/trackmyorder/') }).safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** On a tracking page: after the idle time without activity, go to stillthere. */
export function useIdleCheck(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A timer and document listeners: an outside system, what an effect is for.
  useEffect(() => {
    const { idleSeconds } = idleSettings();
    let timer: ReturnType<typeof setTimeout>;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const state: StillThereState = { from: pathname };
        void navigate(PATHS.trackmyorderStillthere, { state });
      }, idleSeconds * 1000);
    };
    restart();
    for (const name of ACTIVITY_EVENTS) {
      document.addEventListener(name, restart, { passive: true, capture: true });
    }
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) {
        document.removeEventListener(name, restart, { capture: true });
      }
    };
  }, [navigate, pathname]);
}
