import { describe, expect, it } from 'vitest';
import { CAMPAIGN_LIFETIME_MS, agentCodeFromCampaign, captureCampaign, readCampaign } from './utm';

const NOW = Date.UTC(2025, 5, 1);

describe('campaign tracking (product §3)', () => {
  it('keeps utm fields and the salesman id from the landing URL', () => {
    captureCampaign(
      'https://konek.ph/?utm_source=facebook&utm_medium=social&utm_campaign=store_MNL042&salesman_id=S-17',
      NOW,
    );
    expect(readCampaign(NOW + 1000)).toEqual({
      utm_source: 'facebook',
      utm_medium: 'social',
      utm_campaign: 'store_MNL042',
      salesman_id: 'S-17',
      agent_code: 'MNL042',
    });
  });

  it('reads the salesman id from its short form sid', () => {
    captureCampaign('https://konek.ph/?sid=S-99', NOW);
    expect(readCampaign(NOW).salesman_id).toBe('S-99');
  });

  it('lets the last landing with campaign parameters win, and ignores plain visits', () => {
    captureCampaign('https://konek.ph/?utm_source=facebook&utm_campaign=summer', NOW);
    captureCampaign('https://konek.ph/?utm_source=google', NOW + 1000);
    captureCampaign('https://konek.ph/serviceability', NOW + 2000);
    captureCampaign('https://konek.ph/?utm_source=', NOW + 3000);
    expect(readCampaign(NOW + 4000)).toEqual({
      utm_source: 'google',
      utm_medium: undefined,
      utm_campaign: undefined,
      salesman_id: undefined,
      agent_code: undefined,
    });
  });

  it('forgets the campaign after 30 days', () => {
    captureCampaign('https://konek.ph/?utm_source=facebook', NOW);
    expect(readCampaign(NOW + CAMPAIGN_LIFETIME_MS).utm_source).toBe('facebook');
    expect(readCampaign(NOW + CAMPAIGN_LIFETIME_MS + 1)).toEqual({});
  });

  it('derives the agent code from store_ and bde_ campaign names only', () => {
    expect(agentCodeFromCampaign('store_MNL042')).toBe('MNL042');
    expect(agentCodeFromCampaign('BDE_juan.cruz')).toBe('juan.cruz');
    expect(agentCodeFromCampaign('summer_sale')).toBeUndefined();
    expect(agentCodeFromCampaign('store_')).toBeUndefined();
    expect(agentCodeFromCampaign(undefined)).toBeUndefined();
  });

  it('ignores a corrupted stored value', () => {
    window.localStorage.setItem('konek.campaign', '{not json');
    expect(readCampaign(NOW)).toEqual({});
  });
});
