// ADR 094: the links of a coverage-arrival alert open `/` with `?arrived=<token>` or
// `?unsubscribe=<token>` (ARRIVED_QUERY and UNSUBSCRIBE_QUERY of the contract's coverage-alert.ts, which
// this module does not import: it is part of the home page's first chunk, and the call descriptions are
// not). Only the landing chunk (alert-link-landing.tsx) acts on them.

export type AlertLink = { kind: 'arrived' | 'unsubscribe'; token: string };

export const ALERT_LINK_QUERIES = { arrived: 'arrived', unsubscribe: 'unsubscribe' } as const;

/** The alert link a page's query carries, if any (the open link first, when both are there). */
export function alertLinkOf(search: string): AlertLink | null {
  const params = new URLSearchParams(search);
  for (const kind of ['arrived', 'unsubscribe'] as const) {
    const token = params.get(ALERT_LINK_QUERIES[kind])?.trim();
    if (token) return { kind, token };
  }
  return null;
}

/** The query without the alert links' parameters (what the address bar keeps once one is read). */
export function searchWithoutAlertLinks(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(ALERT_LINK_QUERIES.arrived);
  params.delete(ALERT_LINK_QUERIES.unsubscribe);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}
