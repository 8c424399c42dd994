import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { DEFAULT_INSTALLATION_LEAD_DAYS } from '@konek/contract/constants';
import { PIN_MAX_FAILED_ATTEMPTS } from '@konek/contract/identity-limits';
import { PATHS } from '@konek/contract/routes';
import { SUBMIT_SUPPORT_REQUEST_PATH } from '@konek/contract/submit-support-request';
import { MESSAGE_MOBILE, MESSAGE_REQUIRED } from '@konek/contract/validation';
import { MISSED_VISIT_CREDIT_DAYS } from '@konek/contract/view-work-order';
import { WEB_CONFIG_PATH } from '@konek/contract/web-config';
import { failure, ok, stubApi, type FakeHandler } from '../../lib/fake-api-for-tests';
import { ACCOUNT_ID, signInCustomer } from '../../lib/journey-fixtures-for-tests';
import { webConfigReply } from '../../lib/web-config-fixtures-for-tests';
import { renderAt } from './render-at';

// ADR 079: the help page (answers from Konek's rules, numbers from the contract and the web config), its
// contact form (the contract's rules, a success that names the reference, a failure that loses
// nothing), and the help entry every status screen and layout carries.

const SENT = {
  support_request: {
    reference: 'HELP-00000012',
    created_at: '2026-11-26T01:00:00.000Z',
    order_number: null,
    account_attached: false,
  },
};

function api(
  options: { customerService?: string; settings?: Record<string, number> } = {},
  overrides: Record<string, FakeHandler> = {},
) {
  return stubApi({
    [WEB_CONFIG_PATH]: () =>
      ok({
        ...webConfigReply({
          siteLinks: options.customerService ? { customer_service: options.customerService } : {},
        }),
        ...options.settings,
      }),
    [SUBMIT_SUPPORT_REQUEST_PATH]: () => ok(SENT),
    ...overrides,
  });
}

const field = (name: string) => screen.getByRole('textbox', { name });

function messageOf(control: HTMLElement): string | null {
  const id = control.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** Fills the whole form as a customer would, by keyboard and pointer. */
async function fillForm(user: UserEvent) {
  await user.type(field('Your name'), 'Ana Lim');
  await user.type(field('Mobile number'), '0917 123 4567');
  await user.click(screen.getByRole('combobox', { name: 'Topic' }));
  await user.click(screen.getByRole('option', { name: 'My installation' }));
  await user.type(field('Your message'), 'Is my visit still on for tomorrow?');
}

describe('the help page (/help)', () => {
  it('answers in disclosures that open in place, with the numbers of the rules', async () => {
    api();
    const user = userEvent.setup();
    await renderAt(PATHS.help);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Help and contact');
    for (const section of [
      'Checking your address',
      'Paying',
      'Cancelling and refunds',
      'Installation',
      'Your PIN and account',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
    }
    const question = screen.getByText('When can my installation be?');
    const disclosure = question.closest('details')!;
    expect(disclosure.open).toBe(false);
    await user.click(question);
    expect(disclosure.open).toBe(true);
    expect(disclosure.textContent).toContain(
      `From ${DEFAULT_INSTALLATION_LEAD_DAYS} days after today`,
    );
    expect(disclosure.textContent).toMatch(/Morning, 9:00\sAM\s–\s12:00\sPM/);
    expect(disclosure.textContent).toMatch(/Afternoon, 2:00\sPM\s–\s5:00\sPM/);
    expect(screen.getByText(/add \d+ free days/).textContent).toContain(
      `add ${MISSED_VISIT_CREDIT_DAYS} free days`,
    );
    expect(screen.getByText(/wrong PINs in a row/).textContent).toContain(
      `After ${PIN_MAX_FAILED_ATTEMPTS} wrong PINs`,
    );
    expect(screen.getByText(/With an e-wallet/).textContent).toContain(
      'GCash, GrabPay, Maya, and ShopeePay',
    );
  });

  it('states what this server is configured with, not a number written into the page', async () => {
    api({
      settings: {
        installation_lead_days: 3,
        appointment_hold_minutes: 45,
        payment_session_minutes: 20,
      },
    });
    await renderAt(PATHS.help);
    await waitFor(() =>
      expect(screen.getByText(/A checkout can be paid for/).textContent).toBe(
        'A checkout can be paid for 20 minutes. If it runs out, try again from the same page: your order is kept. The installation time you chose is held for you for 45 minutes while you pay.',
      ),
    );
    expect(screen.getByText(/after today/).textContent).toContain('From 3 days after today');
  });

  it('with the operator’s customer service configured, keeps the answers and leads there', async () => {
    api({ customerService: 'https://operator.example/support' });
    await renderAt(PATHS.help);
    const contact = await screen.findByRole('region', { name: 'Contact customer service' });
    const link = within(contact).getByRole('link', { name: /^Contact customer service/ });
    expect(link.getAttribute('href')).toBe('https://operator.example/support');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    expect(screen.getByText('How can I pay?')).toBeTruthy();
  });
});

describe('the contact form', () => {
  it('says what each field needs, with the rules of product §5, before sending anything', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    await renderAt(PATHS.help);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(messageOf(field('Your name'))).toBe(MESSAGE_REQUIRED));
    expect(messageOf(field('Mobile number'))).toBe(MESSAGE_REQUIRED);
    expect(messageOf(screen.getByRole('combobox', { name: 'Topic' }))).toBe(MESSAGE_REQUIRED);
    expect(messageOf(field('Your message'))).toBe(MESSAGE_REQUIRED);
    // The first field in error takes the focus, so a keyboard user starts there.
    expect(document.activeElement).toBe(field('Your name'));

    await user.type(field('Mobile number'), '12345');
    await user.tab();
    await waitFor(() => expect(messageOf(field('Mobile number'))).toBe(MESSAGE_MOBILE));
    expect(calls.some((call) => call.path === SUBMIT_SUPPORT_REQUEST_PATH)).toBe(false);
  });

  it('sends the request and names its reference and the number the answer goes to', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    await renderAt(PATHS.help);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const sent = await screen.findByRole('heading', { name: 'Message sent' });
    expect(document.activeElement).toBe(sent);
    expect(screen.getByRole('status').textContent).toMatch(
      /Your reference is HELP-00000012\. We will answer by SMS to 0917\s123\s4567\./,
    );
    expect(calls.find((call) => call.path === SUBMIT_SUPPORT_REQUEST_PATH)?.body).toEqual({
      name: 'Ana Lim',
      mobile_number: '0917 123 4567',
      topic: 'installation',
      message: 'Is my visit still on for tomorrow?',
    });
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(field('Your message')).toHaveProperty('value', '');
  });

  it('keeps everything typed when the server refuses, and says why', async () => {
    api(
      {},
      {
        [SUBMIT_SUPPORT_REQUEST_PATH]: () =>
          failure(
            'common',
            5,
            'You have sent us several messages already. We will answer them by SMS; please try again later.',
            429,
            { retry_after_seconds: 600 },
          ),
      },
    );
    const user = userEvent.setup();
    await renderAt(PATHS.help);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your message was not sent');
    expect(alert.textContent).toContain('You have sent us several messages already.');
    expect(field('Your name')).toHaveProperty('value', 'Ana Lim');
    expect(field('Mobile number')).toHaveProperty('value', '0917 123 4567');
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveProperty(
      'value',
      'My installation',
    );
    expect(field('Your message')).toHaveProperty('value', 'Is my visit still on for tomorrow?');
    expect(screen.queryByRole('heading', { name: 'Message sent' })).toBeNull();
  });

  it('signed in, starts with the customer’s name and number and names their account and order', async () => {
    signInCustomer();
    const { calls } = api();
    const user = userEvent.setup();
    await renderAt(`${PATHS.help}?order=KNK-00000042#contact`);
    expect(
      await screen.findByText(
        'You are signed in: we will attach your account and your order KNK-00000042.',
      ),
    ).toBeTruthy();
    expect(field('Your name')).toHaveProperty('value', 'Ana Reyes');
    expect(field('Mobile number')).toHaveProperty('value', '09171234567');
    await user.click(screen.getByRole('combobox', { name: 'Topic' }));
    await user.click(screen.getByRole('option', { name: 'Cancelling or a refund' }));
    await user.type(field('Your message'), 'Please cancel my order.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('heading', { name: 'Message sent' });
    expect(calls.find((call) => call.path === SUBMIT_SUPPORT_REQUEST_PATH)?.body).toMatchObject({
      target_id: ACCOUNT_ID,
      target_type: 2,
      order_number: 'KNK-00000042',
      topic: 'refund',
    });
  });
});

describe('a help entry on every screen', () => {
  it('is on a result screen: the help page and Konek’s contact form', async () => {
    api();
    await renderAt(PATHS.servererror);
    const card = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(card).getByRole('link', { name: 'Get help' }).getAttribute('href')).toBe('/help');
    expect(within(card).getByRole('link', { name: 'Send us a message' }).getAttribute('href')).toBe(
      '/help#contact',
    );
  });

  it('leads to the operator’s customer service when one is configured', async () => {
    api({ customerService: 'mailto:help@operator.example' });
    await renderAt('/does-not-exist');
    const card = screen.getByRole('heading', { level: 1 }).parentElement!;
    const contact = await within(card).findByRole('link', { name: /^Contact customer service/ });
    expect(contact.getAttribute('href')).toBe('mailto:help@operator.example');
  });

  it('is in the header, on the bar beside the menu, and in the footer', async () => {
    api();
    await renderAt(PATHS.trackmyorder);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
    const footerHelp = within(screen.getByRole('contentinfo')).getByRole('navigation', {
      name: 'Help',
    });
    expect(within(footerHelp).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      '/help#contact',
    );
  });

  it('stays inside the native app, where the header is hidden, on every layout', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 Konek isapp');
    api();
    await renderAt(PATHS.signin);
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
  });
});
