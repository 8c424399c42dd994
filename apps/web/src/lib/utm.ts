// product §3: analytics read the salesman id and a sales-agent attribution code derived from the stored
// campaign tracking. A landing URL's campaign parameters are kept for 30 days; the last landing that
// carried any of them replaces what was kept (last non-direct touch wins), and a landing without them
// leaves it alone.

export type CampaignAttribution = {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  salesman_id?: string;
  agent_code?: string;
};

type StoredCampaign = Omit<CampaignAttribution, 'agent_code'> & { saved_at: number };

export const CAMPAIGN_STORAGE_KEY = 'konek.campaign';
export const CAMPAIGN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
const MAX_VALUE_LENGTH = 255;

/**
 * Commission convention (product §3 "campaign names for store or BDE commission"): a campaign named
 * `store_<code>` credits the retail store `<code>`, and `bde_<code>` credits the business-development
 * executive `<code>`. The prefix is case-insensitive; the code is kept as written.
 * e.g. utm_campaign=store_MNL042 gives agent_code MNL042.
 */
const AGENT_CAMPAIGN = /^(?:store|bde)_(.+)$/i;

export function agentCodeFromCampaign(campaign: string | undefined): string | undefined {
  const code = campaign?.match(AGENT_CAMPAIGN)?.[1]?.trim();
  return code ? code : undefined;
}

function clean(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, MAX_VALUE_LENGTH) : undefined;
}

/** Keeps the landing URL's utm_* and salesman id (`salesman_id`, or its short form `sid`). */
export function captureCampaign(
  url: string | URL,
  now: number = Date.now(),
  storage: Storage = window.localStorage,
): void {
  const params = new URL(url).searchParams;
  const touch: StoredCampaign = { saved_at: now };
  for (const field of UTM_FIELDS) touch[field] = clean(params.get(field));
  touch.salesman_id = clean(params.get('salesman_id')) ?? clean(params.get('sid'));
  const hasAny = [...UTM_FIELDS, 'salesman_id' as const].some((field) => touch[field]);
  if (!hasAny) return;
  try {
    storage.setItem(CAMPAIGN_STORAGE_KEY, JSON.stringify(touch));
  } catch {
    // Storage can be full or disabled (private browsing): attribution is then simply not kept.
  }
}

function stringField(record: object, field: string): string | undefined {
  const value: unknown = Reflect.get(record, field);
  return typeof value === 'string' && value ? value : undefined;
}

function readStored(storage: Storage): StoredCampaign | undefined {
  let raw: string | null;
  try {
    raw = storage.getItem(CAMPAIGN_STORAGE_KEY);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !('saved_at' in parsed)) return undefined;
  const savedAt = parsed.saved_at;
  if (typeof savedAt !== 'number') return undefined;
  return {
    saved_at: savedAt,
    utm_source: stringField(parsed, 'utm_source'),
    utm_medium: stringField(parsed, 'utm_medium'),
    utm_campaign: stringField(parsed, 'utm_campaign'),
    salesman_id: stringField(parsed, 'salesman_id'),
  };
}

/** The kept attribution, with its agent code; empty once 30 days have passed since the touch. */
export function readCampaign(
  now: number = Date.now(),
  storage: Storage = window.localStorage,
): CampaignAttribution {
  const stored = readStored(storage);
  if (!stored || now - stored.saved_at > CAMPAIGN_LIFETIME_MS) return {};
  return {
    utm_source: stored.utm_source,
    utm_medium: stored.utm_medium,
    utm_campaign: stored.utm_campaign,
    salesman_id: stored.salesman_id,
    agent_code: agentCodeFromCampaign(stored.utm_campaign),
  };
}
