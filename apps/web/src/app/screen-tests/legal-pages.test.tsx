import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import { ok, stubApi } from '../../lib/fake-api-for-tests';
import { webConfigReply } from '../../lib/web-config-fixtures-for-tests';
import { renderAt } from './render-at';

// Konek's own pages: the privacy notice names the data protection officer from configuration, or points
// to customer service; the cookie policy lists the cookies the app sets.

function configure(fields: { dpo_name?: string; dpo_email?: string; customer_service?: string }) {
  stubApi({
    [WEB_CONFIG_PATH]: () =>
      ok(
        webConfigReply({
          siteLinks: fields.customer_service ? { customer_service: fields.customer_service } : {},
          dpoName: fields.dpo_name,
          dpoEmail: fields.dpo_email,
        }),
      ),
  });
}

describe('privacy notice (/privacy)', () => {
  it('names the data protection officer and their email from the web config', async () => {
    configure({ dpo_name: 'Maria Santos', dpo_email: 'dpo@operator.example' });
    await renderAt('/privacy');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy notice');
    const contact = await screen.findByText(/Maria Santos/);
    const email = within(contact).getByRole('link', { name: 'dpo@operator.example' });
    expect(email.getAttribute('href')).toBe('mailto:dpo@operator.example');
  });

  it('lists the rights of the data subject', async () => {
    configure({});
    await renderAt('/privacy');
    for (const right of [
      /to be informed/,
      /to access/,
      /to object/,
      /erased or blocked/,
      /damages/,
      /data portability/,
      /corrected/,
    ]) {
      expect(screen.getByText(right)).toBeTruthy();
    }
  });

  it('without a configured officer, tells the customer to write to customer service', async () => {
    configure({ customer_service: 'mailto:help@operator.example' });
    await renderAt('/privacy');
    const contact = await screen.findByText(/Write to the operator’s customer service/);
    const link = within(contact).getByRole('link', { name: /^Contact customer service/ });
    expect(link.getAttribute('href')).toBe('mailto:help@operator.example');
    expect(document.body.textContent).not.toMatch(/not configured/i);
  });

  it('says how long the pages visited are kept, as the server is configured, then only daily totals', async () => {
    stubApi({ [WEB_CONFIG_PATH]: () => ok(webConfigReply({ analyticsRetentionDays: 45 })) });
    await renderAt('/privacy');
    expect(
      await screen.findByText(
        /is kept for 45 days; after that only daily totals with no identifier/,
      ),
    ).toBeTruthy();
  });

  it('without an officer or a customer service, points to Konek’s own contact form', async () => {
    configure({});
    await renderAt('/privacy');
    const contact = await screen.findByTestId('dpo-contact');
    expect(contact.textContent).toMatch(/Send us a message from our help page/);
    const link = within(contact).getByRole('link', { name: 'Send us a message' });
    expect(link.getAttribute('href')).toBe('/help#contact');
    expect(document.body.textContent).not.toMatch(/hotline|chat on our website/i);
  });
});

describe('cookie policy (/cookies)', () => {
  it('lists every cookie the app sets with how long it is kept', async () => {
    await renderAt('/cookies');
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => {
        const cells = within(row).getAllByRole('cell');
        return [cells[0]?.textContent, cells[2]?.textContent];
      });
    expect(rows).toEqual([
      ['token', '30 minutes'],
      ['userid', '7 days'],
      ['accountid', '7 days'],
      ['mobileid', '7 days'],
      ['uuid', '365 days'],
    ]);
  });
});

describe('terms of use and about', () => {
  it.each([
    ['/terms-of-use', 'Terms of use'],
    ['/about', 'About Konek'],
  ])('%s shows its page', async (path, title) => {
    await renderAt(path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
  });
});
