// product §2.2 /serviceability/terms%26conditions: the prepaid terms. Written for a customer, in plain
// words; the amounts and durations match the product's rules (product §9 free days, ADR 013 vouchers).
// Every text is a catalogue message (ADR 027), translated where the terms screen shows it.

export type TermsSection = { title: string; paragraphs: readonly string[] };

export const TERMS_UPDATED = /*i18n*/ '1 November 2026';

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    title: /*i18n*/ '1. The service',
    paragraphs: [
      /*i18n*/ 'Konek Prepaid Fiber is a prepaid home internet service delivered over fibre to the address you checked and ordered for. There is no contract, no lock-in period and no monthly bill: you pay for each load before you use it.',
      /*i18n*/ 'The speed of a plan ("up to N Mbps") is the highest speed the line is set to deliver. Actual speed depends on your devices, your Wi-Fi, the number of people online and the sites you visit, and may be lower at busy times.',
    ],
  },
  {
    title: /*i18n*/ '2. Ordering and activation',
    paragraphs: [
      /*i18n*/ 'You can order only for an address where our fibre network is available. The availability check is based on the location you pin on the map; if the address turns out to be different on installation day, we may cancel the order and refund what you paid.',
      /*i18n*/ 'Your service is activated when the technician finishes the installation and the modem connects. The free days of your plan (for example, "Free 7 Days") start on the day of activation.',
    ],
  },
  {
    title: /*i18n*/ '3. Installation',
    paragraphs: [
      /*i18n*/ 'Standard installation is free and includes a fibre connection of up to 250 metres from the nearest network box, the modem and its setup. You choose the installation slot when you order; a morning slot runs between 9:00 and 12:00 and an afternoon slot between 14:00 and 17:00.',
      /*i18n*/ 'Someone aged 18 or over must be at home to let the technician in. If you will not be there, name an authorised representative when you fill out your details. Work beyond a standard installation (longer cable runs, drilling through concrete, building permits) is discussed with you before it is done.',
      /*i18n*/ 'The Wi-Fi 6 modem is yours to keep. Please keep it switched on and connected so the line stays active.',
    ],
  },
  {
    title: /*i18n*/ '4. Load, validity and expiry',
    paragraphs: [
      /*i18n*/ 'Each load is valid for the number of days stated in the plan, counted from activation or from the day the load is bought, whichever is later. Unused days do not carry over once a load expires, and loads are not convertible to cash.',
      /*i18n*/ 'When a load expires your internet stops until you buy a new one. If no load is bought for 90 days in a row, the line may be disconnected and the fibre port given to another customer; reconnecting then needs a new order.',
    ],
  },
  {
    title: /*i18n*/ '5. Offers, vouchers and referral codes',
    paragraphs: [
      /*i18n*/ 'Special offers are for new customers in the cities named in the offer, while the offer runs, and only once per account. The price you see before paying is the price you pay; it is always calculated by our system, and the amounts are in Philippine pesos inclusive of VAT.',
      /*i18n*/ 'A voucher code can be used once per account, within its validity dates, on the plans it names and while it has uses left. A referral code can be used once per account and not on your own account. Vouchers and referral rewards have no cash value and cannot be exchanged or transferred.',
    ],
  },
  {
    title: /*i18n*/ '6. Fair use',
    paragraphs: [
      /*i18n*/ 'The service is for personal and household use. It may not be resold, shared with other households, or used to run servers, to send unsolicited messages, or for anything unlawful.',
      /*i18n*/ 'To keep the network fair for everyone, we may manage traffic at busy times, and we may limit or suspend a line that is used in breach of these terms after telling you by SMS.',
    ],
  },
  {
    title: /*i18n*/ '7. Cancellations and refunds',
    paragraphs: [
      /*i18n*/ 'You may cancel an order any time before installation and receive a full refund to the payment method you used, within 7 to 14 banking days.',
      /*i18n*/ 'If we cannot install the service at your address, we cancel the order and refund you in full. Once the service is activated, loads already used are not refundable, except where the law says otherwise or the service was unavailable through our fault for more than 24 hours in a row, in which case we credit the lost days.',
    ],
  },
  {
    title: /*i18n*/ '8. Your privacy',
    paragraphs: [
      /*i18n*/ 'We collect only the details we need to check availability, set up and support your service, and process payments: your name, mobile number, email address, installation address and the location you pin. We handle them under the Data Privacy Act of 2012 (Republic Act No. 10173).',
      /*i18n*/ 'We do not sell your personal data. We share it only with the partners who install the service and process your payment, and with authorities when the law requires. You may ask to see, correct or delete your data through our privacy policy page.',
    ],
  },
  {
    title: /*i18n*/ '9. Changes and contact',
    paragraphs: [
      /*i18n*/ 'We may update these terms; the date at the top shows the latest version, and we will tell you by SMS before a change that affects a load you already bought. For help, open Help at the top of any page of this site: it answers common questions and is where you contact us; for complaints we cannot resolve, you may contact the National Telecommunications Commission.',
    ],
  },
];
