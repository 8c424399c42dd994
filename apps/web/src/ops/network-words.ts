import type { TNetworkNap } from '@konek/contract/ops-network';
import { i18n } from '../i18n/i18n';
import { dateWords } from './ops-words';

// ADR 090 (the map): how a NAP reads on the network planner's map and in its form — free ports in words,
// a planned NAP with its expected date — and its colour class, shared by the map and the console.

export type NapTone = 'free' | 'few' | 'full' | 'planned';

export const napFree = (nap: TNetworkNap) => Math.max(0, nap[3] - nap[4]);

/** green with free ports, amber with a quarter or fewer free, red when full, grey when planned. */
export function napTone(nap: TNetworkNap): NapTone {
  if (nap[5] === 'planned') return 'planned';
  const free = napFree(nap);
  if (free === 0) return 'full';
  return free * 4 <= nap[3] ? 'few' : 'free';
}

/** A planned NAP's expected date as the page writes dates ("March 31, 2027"), or null. */
export function napExpected(nap: TNetworkNap): string | null {
  if (nap[6] === null) return null;
  try {
    return dateWords(nap[6]);
  } catch {
    return nap[6];
  }
}

/** "NAP-1: 5 of 8 ports free", "NAP-2: planned, expected March 31, 2027". */
export function napWords(nap: TNetworkNap): string {
  if (nap[5] === 'planned') {
    const date = napExpected(nap);
    return date
      ? i18n._('{code}: planned, expected {date}', { code: nap[0], date })
      : i18n._('{code}: planned', { code: nap[0] });
  }
  return i18n._('{code}: {free} of {total} ports free', {
    code: nap[0],
    free: napFree(nap),
    total: nap[3],
  });
}
