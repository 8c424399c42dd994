import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  AFTERNOON_END,
  AFTERNOON_START,
  MORNING_END,
  MORNING_START,
  PIN_LENGTH,
} from '@konek/contract/constants';
import {
  OTP_LENGTH,
  OTP_LIFETIME_SECONDS,
  PIN_FIRST_LOCK_SECONDS,
  PIN_MAX_FAILED_ATTEMPTS,
} from '@konek/contract/identity-limits';
import { PAYMENT_METHODS } from '@konek/contract/payment-methods';
import { PATHS } from '@konek/contract/routes';
import { MISSED_VISIT_CREDIT_DAYS } from '@konek/contract/view-work-order';
import { timeRangeText } from '../../lib/formats';
import { FALLBACK_WEB_CONFIG, useWebConfig } from '../../lib/web-config';
import { ChevronDownIcon } from '../../ui/icons';
import styles from './help-screen.module.css';
import { conjunctionList, countMessage, i18n, msg } from '../../i18n/i18n';

// ADR 079: the answers to what customers ask, drawn from Konek's own rules. Every number comes from the
// contract's constants or, where the server takes it from configuration, from the web config, so the
// page says what this server does and cannot drift from it.

type Answer = {
  id: string;
  question: string;
  answer: string;
  /** A page that does what the answer says. */
  link?: { to: string; label: string };
};

export type AnswerSection = { id: string; title: string; answers: readonly Answer[] };

/** "9:00 AM – 12:00 PM" for a period's bounds ("09:00", "12:00"), as the schedule page writes them. */
function periodText(start: string, end: string): string {
  // Any day will do: Manila keeps UTC+8 all year.
  const at = (time: string) => {
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    return new Date(Date.UTC(2026, 0, 5, hours - 8, minutes)).toISOString();
  };
  return timeRangeText(at(start), at(end));
}

const minutesOf = (seconds: number) => Math.round(seconds / 60);

/** The answers, with this server's settings (or the contract's defaults until it has answered). */
export function useAnswerSections(): AnswerSection[] {
  const { data } = useWebConfig();
  const settings = data ?? FALLBACK_WEB_CONFIG;
  const wallets = conjunctionList(PAYMENT_METHODS.map((method) => method.label));
  return [
    {
      id: 'coverage',
      title: i18n._('Checking your address'),
      answers: [
        {
          id: 'coverage-check',
          question: i18n._('How do I know if fibre reaches my home?'),
          answer: i18n._(
            'Choose your province, city and barangay, then House or Building, and pin your home on the map. Check My Address asks our network for a free fibre connection close to the pin, so place it exactly on your home. A building on our list is checked without the map.',
          ),
          link: { to: PATHS.home, label: i18n._('Check my address') },
        },
        {
          id: 'coverage-notify',
          question: i18n._('Fibre doesn’t reach my address yet. What now?'),
          answer: i18n._(
            'Tap Notify me and leave your name and email address. We tell you when fibre reaches your area, and you see how many neighbours in your barangay have asked too.',
          ),
        },
        {
          id: 'coverage-again',
          question: i18n._('Why am I asked to check my address again?'),
          answer: i18n._(
            'We only say an address is available right after our network said so for that address. If you changed the address or come back later, we ask the network again before you go on.',
          ),
        },
      ],
    },
    {
      id: 'payment',
      title: i18n._('Paying'),
      answers: [
        {
          id: 'payment-wallets',
          question: i18n._('How can I pay?'),
          answer: i18n._(
            'With an e-wallet: {wallets}. You pay on the wallet’s own page, then come back to Konek, which waits for the wallet to confirm your payment.',
            { wallets },
          ),
        },
        {
          id: 'payment-time',
          question: i18n._('How long do I have to pay?'),
          answer: i18n._(
            'A checkout can be paid for {paymentMinutes} minutes. If it runs out, try again from the same page: your order is kept. The installation time you chose is held for you for {holdMinutes} minutes while you pay.',
            {
              paymentMinutes: settings.paymentSessionMinutes,
              holdMinutes: settings.appointmentHoldMinutes,
            },
          ),
        },
        {
          id: 'payment-twice',
          question: i18n._('Can I be charged twice?'),
          answer: i18n._(
            'No. Pressing Confirm and Pay again, or paying again after a failed try, pays the same order. If two payments ever reach us for one order, the second is refunded to your wallet at once.',
          ),
        },
        {
          id: 'payment-failed',
          question: i18n._('My payment failed. What should I do?'),
          answer: i18n._(
            'A payment the wallet declined (for example for insufficient funds) takes no money. Top up or choose another wallet and try again: it pays the same order.',
          ),
        },
      ],
    },
    {
      id: 'refunds',
      title: i18n._('Cancelling and refunds'),
      answers: [
        {
          id: 'refund-cancel',
          question: i18n._('Can I cancel my order?'),
          answer: i18n._(
            'Yes, on Track my order: before the technician sets off, or after a visit we missed. If you already paid, the whole amount is refunded to the e-wallet you paid with.',
          ),
          link: { to: PATHS.trackmyorder, label: i18n._('Track my order') },
        },
        {
          id: 'refund-late',
          question: i18n._('I paid after my order was cancelled. Is my money lost?'),
          answer: i18n._(
            'No. A payment that reaches us for an order that is already cancelled is refunded to your wallet automatically.',
          ),
        },
      ],
    },
    {
      id: 'installation',
      title: i18n._('Installation'),
      answers: [
        {
          id: 'installation-when',
          question: i18n._('When can my installation be?'),
          answer: i18n._(
            'From {leadDays} after today, on any day but Sundays, holidays and special non-working days. You choose a day and a period: Morning, {morning}, or Afternoon, {afternoon}.',
            {
              leadDays: countMessage(
                settings.installationLeadDays,
                { one: msg(/*i18n*/ '{count} day'), other: msg(/*i18n*/ '{count} days') },
                { count: settings.installationLeadDays },
              ),
              morning: periodText(MORNING_START, MORNING_END),
              afternoon: periodText(AFTERNOON_START, AFTERNOON_END),
            },
          ),
        },
        {
          id: 'installation-change',
          question: i18n._('Can I change the time?'),
          answer: i18n._(
            'Yes. On Track my order, choose another day and period, until the technician sets off. A time you change is not paid again.',
          ),
          link: { to: PATHS.trackmyorder, label: i18n._('Track my order') },
        },
        {
          id: 'installation-missed',
          question: i18n._('What if the technician misses my visit?'),
          answer: i18n._(
            'If your visit has not started by the end of its period, we text you, add {creditDays} free days to your plan, and you choose a new time on Track my order — or cancel it with a full refund.',
            { creditDays: MISSED_VISIT_CREDIT_DAYS },
          ),
        },
        {
          id: 'installation-present',
          question: i18n._('Do I need to be at home?'),
          answer: i18n._(
            'Someone must be there to let the technician in. If you can’t be, name an authorised representative when you fill out your details.',
          ),
        },
      ],
    },
    {
      id: 'pin',
      title: i18n._('Your PIN and account'),
      answers: [
        {
          id: 'pin-what',
          question: i18n._('What is my PIN?'),
          answer: i18n._(
            'A {pinLength}-digit number you choose when you create your account. You sign in with your mobile number and your PIN. Keep it to yourself: anyone with both can see and change your order.',
            { pinLength: PIN_LENGTH },
          ),
        },
        {
          id: 'pin-forgot',
          question: i18n._('I forgot my PIN.'),
          answer: i18n._(
            'Choose Forgot PIN when you sign in. We text a {codeLength}-digit code to your number, valid for {codeMinutes} minutes; enter it, then choose a new PIN.',
            { codeLength: OTP_LENGTH, codeMinutes: minutesOf(OTP_LIFETIME_SECONDS) },
          ),
          link: { to: PATHS.forgotPin, label: i18n._('Reset my PIN') },
        },
        {
          id: 'pin-locked',
          question: i18n._('Why can’t I sign in?'),
          answer: i18n._(
            'After {attempts} wrong PINs in a row, signing in locks for {lockMinutes} minutes, and for longer each time it locks again. Resetting your PIN with a code by SMS unlocks it at once.',
            {
              attempts: PIN_MAX_FAILED_ATTEMPTS,
              lockMinutes: minutesOf(PIN_FIRST_LOCK_SECONDS),
            },
          ),
          link: { to: PATHS.forgotPin, label: i18n._('Reset my PIN') },
        },
      ],
    },
  ];
}

/** One question, opened and closed by its summary (the native disclosure: keyboard and screen readers). */
function Question({ answer }: { answer: Answer }) {
  return (
    <details className={styles.question} id={answer.id}>
      <summary className={styles.summary}>
        <span>{answer.question}</span>
        <ChevronDownIcon className={styles.chevron} />
      </summary>
      <div className={styles.answer}>
        <p>{answer.answer}</p>
        {answer.link ? (
          <p>
            <Link to={answer.link.to} className={styles.answerLink}>
              {answer.link.label}
            </Link>
          </p>
        ) : null}
      </div>
    </details>
  );
}

export function AnswerSections({ sections }: { sections: readonly AnswerSection[] }): ReactNode {
  return sections.map((section) => (
    <section key={section.id} className={styles.section} aria-labelledby={`${section.id}-title`}>
      <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
        {section.title}
      </h2>
      <div className={styles.questions}>
        {section.answers.map((answer) => (
          <Question key={answer.id} answer={answer} />
        ))}
      </div>
    </section>
  ));
}
