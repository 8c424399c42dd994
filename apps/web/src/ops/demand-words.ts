import type { TDemandRow } from '@konek/contract/ops-demand';
import { percentText } from '@konek/contract/number-formats';
import { i18n } from '../i18n/i18n';
import { dateWords } from './ops-words';

// ADR 095: how the demand map reads — the heat scale of waiting households (a circle larger and redder
// as more wait; the same steps in the legend) and a barangay's figures in words.

/** The scale's steps: from this many households waiting on, the step's colour and radius (pixels). */
export const DEMAND_STEPS = [
  { from: 1, colour: '#f2c94c', radius: 7 },
  { from: 5, colour: '#f2994a', radius: 10 },
  { from: 20, colour: '#e0562b', radius: 13 },
  { from: 50, colour: '#c0262d', radius: 17 },
  { from: 100, colour: '#7f0f2a', radius: 21 },
] as const;
export type DemandStep = (typeof DEMAND_STEPS)[number];

/** The step of a count of waiting households. */
export function demandStep(waiting: number): DemandStep {
  let step: DemandStep = DEMAND_STEPS[0];
  for (const candidate of DEMAND_STEPS) if (waiting >= candidate.from) step = candidate;
  return step;
}

/** "1–4", "100 or more": the households a step stands for. */
export function stepWords(at: number): string {
  const step = DEMAND_STEPS[at]!;
  const next = DEMAND_STEPS[at + 1];
  return next
    ? i18n._('{from}–{to}', { from: step.from, to: next.from - 1 })
    : i18n._('{from} or more', { from: step.from });
}

/** "40%": the share already served, as a whole percent. */
export function shareWords(share: number): string {
  return percentText(share);
}

/** The planned date as the page writes dates, or a dash. */
export function plannedWords(row: Pick<TDemandRow, 'planned_date'>): string {
  if (row.planned_date === null) return '—';
  try {
    return dateWords(row.planned_date);
  } catch {
    return row.planned_date;
  }
}

/** "Padre Zamora, Baguio City: 12 waiting, 25% served now, planned March 31, 2027". */
export function demandWords(row: TDemandRow): string {
  const place = i18n._('{barangay}, {city}', { barangay: row.barangay, city: row.city });
  const figures = i18n._('{waiting} waiting, {share} served now', {
    waiting: row.waiting,
    share: shareWords(row.covered_share),
  });
  return row.planned_date === null
    ? i18n._('{place}: {figures}, nothing planned', { place, figures })
    : i18n._('{place}: {figures}, planned {date}', {
        place,
        figures,
        date: plannedWords(row),
      });
}
