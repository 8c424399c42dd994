import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_APPOINTMENT_HOLD_MINUTES,
  DEFAULT_INSTALLATION_LEAD_DAYS,
  DEFAULT_PAYMENT_SESSION_MINUTES,
  WEB_CONFIG_ELEMENT_ID,
} from '@konek/contract/constants';
import { readInlineWebConfig } from './web-config';

// ADR 042: the server writes the reply of /api/web-config into the page; the app reads it from there.

const REPLY = {
  code: 0,
  module: 'content',
  message: 'OK',
  map_tile_url: 'https://tiles.example/{z}/{x}/{y}.png',
  map_tile_attribution: '© tiles',
  oss_segment: 'oss',
  operator_name: 'operator',
  application_id: 'app-id',
  site_links: { privacy_policy: 'https://operator.example/privacy' },
  dpo_name: 'Data Protection Officer',
  dpo_email: 'dpo@operator.example',
  installation_lead_days: 3,
  appointment_hold_minutes: 45,
  payment_session_minutes: 20,
  analytics_retention_days: 60,
};

function writeConfig(text: string): void {
  const script = document.createElement('script');
  script.id = WEB_CONFIG_ELEMENT_ID;
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => {
  document.getElementById(WEB_CONFIG_ELEMENT_ID)?.remove();
});

describe('readInlineWebConfig', () => {
  it("reads the server's reply written into the page", () => {
    writeConfig(JSON.stringify(REPLY));
    expect(readInlineWebConfig(document)).toEqual({
      mapTileUrl: REPLY.map_tile_url,
      mapTileAttribution: REPLY.map_tile_attribution,
      ossSegment: 'oss',
      operatorName: 'operator',
      applicationId: 'app-id',
      siteLinks: REPLY.site_links,
      dpoName: REPLY.dpo_name,
      dpoEmail: REPLY.dpo_email,
      installationLeadDays: 3,
      appointmentHoldMinutes: 45,
      paymentSessionMinutes: 20,
      analyticsRetentionDays: 60,
    });
  });

  it('takes the default rules from the contract when an older server wrote none', () => {
    writeConfig(
      JSON.stringify({
        ...REPLY,
        installation_lead_days: undefined,
        appointment_hold_minutes: undefined,
        payment_session_minutes: 'thirty',
      }),
    );
    expect(readInlineWebConfig(document)).toMatchObject({
      installationLeadDays: DEFAULT_INSTALLATION_LEAD_DAYS,
      appointmentHoldMinutes: DEFAULT_APPOINTMENT_HOLD_MINUTES,
      paymentSessionMinutes: DEFAULT_PAYMENT_SESSION_MINUTES,
    });
  });

  it.each([
    ['no config in the page', null],
    ['text that is not JSON', '{"map_tile_url":'],
    ['a field missing (an older server)', JSON.stringify({ ...REPLY, dpo_email: undefined })],
    ['a field of the wrong kind', JSON.stringify({ ...REPLY, oss_segment: 7 })],
    ['a link that is not text', JSON.stringify({ ...REPLY, site_links: { privacy_policy: 1 } })],
  ])('gives nothing for %s, so the app asks the server instead', (_name, text) => {
    if (text !== null) writeConfig(text);
    expect(readInlineWebConfig(document)).toBeUndefined();
  });
});
