import type { TSiteLinks } from '@konek/contract/site-links';

/** The server's web config reply as screen tests stub it: no map tiles, no operator links or officer. */
export function webConfigReply(
  fields: {
    siteLinks?: TSiteLinks;
    dpoName?: string;
    dpoEmail?: string;
    analyticsRetentionDays?: number;
  } = {},
) {
  return {
    map_tile_url: '',
    map_tile_attribution: '',
    oss_segment: 'konek',
    operator_name: 'konek',
    application_id: 'konek-web',
    site_links: fields.siteLinks ?? {},
    dpo_name: fields.dpoName ?? '',
    dpo_email: fields.dpoEmail ?? '',
    ...(fields.analyticsRetentionDays === undefined
      ? {}
      : { analytics_retention_days: fields.analyticsRetentionDays }),
  };
}
