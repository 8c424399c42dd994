import type { TFunnelReply, TFunnelStep } from '@konek/contract/ops-funnel';
import { i18n } from '../i18n/i18n';

// ADR 096: the funnel's step names as marketing reads them, and the CSV made from the reply.

const STEP_WORDS: Record<TFunnelStep, () => string> = {
  visitors: () => i18n._('Visitors'),
  address_checked: () => i18n._('Address checked'),
  covered: () => i18n._('Covered'),
  account: () => i18n._('Account'),
  details: () => i18n._('Details'),
  schedule: () => i18n._('Schedule'),
  paid: () => i18n._('Paid'),
  installed: () => i18n._('Installed'),
};

export function stepWords(step: TFunnelStep): string {
  return STEP_WORDS[step]();
}

/** A count with thousands separators: "12,345". */
export function countText(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A period's first day as the charts' x value: seconds since 1970 at UTC midnight. */
export const chartSeconds = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;
/** The charts read their x values in UTC: each is a Manila day's label, not an instant. */
export const CHART_TIME_ZONE = 'UTC';

const cell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The reply as CSV: a row per period (its first day), the totals, the drop-off; step ids as columns. */
export function funnelCsv(reply: TFunnelReply): string {
  const header = ['period', ...reply.steps.map((step) => step.step)];
  const rows = reply.periods.map((period, index) => [
    period,
    ...reply.steps.map((step) => step.counts[index] ?? null),
  ]);
  const lines = [
    header,
    ...rows,
    ['total', ...reply.steps.map((step) => step.total)],
    ['drop_off_percent', ...reply.steps.map((step) => step.drop_off_percent)],
  ];
  return `${lines.map((line) => line.map(cell).join(',')).join('\n')}\n`;
}
