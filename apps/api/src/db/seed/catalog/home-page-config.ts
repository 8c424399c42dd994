import { HOME_PAGE_CONFIG_ID, type THomePageContent } from '@konek/contract/get-page-config';
import { DEFAULT_OFFER_ID } from './demo-offers';

// product §7.2: the home page's configuration (id 27). product §1: page text is partly in Filipino, with a
// heading asking the customer to check their address to see the special offer.

export const HOME_PAGE_CONFIG = {
  id: HOME_PAGE_CONFIG_ID,
  name: 'home',
  content: {
    kind: 'home',
    hero: {
      heading: 'I-check ang iyong address para makita ang special offer!',
      sub_heading:
        'Unli fibre internet sa bahay, prepaid: walang lock-in, walang monthly bill. See the offers in your area.',
      cta_label: 'Check my address',
    },
    default_offer_id: DEFAULT_OFFER_ID,
    highlights: [
      {
        title: 'Walang lock-in',
        text: 'Load when you need it: no contract and no monthly bill.',
      },
      {
        title: 'Unlimited data',
        text: 'Fibre internet with no data cap, up to 50 Mbps on the standard plan.',
      },
      {
        title: 'Free installation',
        text: 'A Konek technician sets up your modem on the day and time you choose.',
      },
      {
        title: 'Pay with your e-wallet',
        text: 'GCash, GrabPay, Maya or ShopeePay.',
      },
    ],
    faqs: [
      {
        question: 'How do I know if Konek Fiber is available at my address?',
        answer:
          'Choose your province, city and barangay, pin your home on the map and tap Check My Address. If we can connect you, you will see the offers for your area.',
      },
      {
        question: 'What is a special offer?',
        answer:
          'Some cities have an introductory price for new customers. If your city has one, it appears first after your address check.',
      },
      {
        question: 'How do voucher codes work?',
        answer:
          'Enter your voucher code before you pay and the discount is shown right away. A code is only used up when you place your order.',
      },
      {
        question: 'What is a referral code?',
        answer:
          'A code from a Konek customer who invited you. Enter it when you order; each account can be referred once.',
      },
      {
        question: 'How do I pay?',
        answer: 'With GCash, GrabPay, Maya or ShopeePay when you confirm your order.',
      },
    ],
    terms_link_label: 'Prepaid Terms & Conditions',
  } satisfies THomePageContent,
};
