import {
  WO_CANCELLED,
  WO_COMPLETED,
  WO_COMPLETED_FOR_VISIT,
  WO_DELAYED,
  WO_DELAYED_FOR_CANCELLATION,
  WO_DELAYED_FOR_RESCHEDULE,
  WO_DELAYED_WITH_START_ACTIVITY,
  WO_DELAYED_WITH_VISIT,
  WO_DELAYED_WITHOUT_VISIT,
  WO_FOR_RESCUE,
  WO_ON_THE_WAY,
  WO_ONGOING,
  WO_ONGOING_ONHOLD,
  WO_ONGOING_UNHOLD,
  WO_OPEN,
  WO_PENDING_FOR_VISIT,
} from '@konek/contract/ops';
import { msg } from '../../i18n/i18n';

// ADR 080: for every work order status of product §4.5, what the customer reads under the spec's label
// (what is happening, in plain words) and what they can do next, most useful first. The label itself
// stays the spec's (the API's installation_status). The steps that change the booking (a new time, a
// cancel) are offered exactly where the API accepts them: CUSTOMER_CHANGEABLE_STATUSES (a test holds
// the two together).

export type NextStep =
  /** The live map, while the technician is on the way. */
  | 'track-technician'
  /** The first thing to do: the visit needs a new time. */
  | 'pick-new-time'
  /** Possible, not needed: the booked time can still be moved. */
  | 'change-time'
  /** The order may not go ahead; keeping it means a new time. */
  | 'keep-and-pick-time'
  | 'cancel'
  /** The same cancel, said as the choice it is when the order may not go ahead. */
  | 'cancel-with-refund'
  /** Customer service matters now: the help card comes up beside the status. */
  | 'help';

/** The steps that change the booking through the API's self-service calls. */
export const SELF_SERVICE_STEPS: readonly NextStep[] = [
  'pick-new-time',
  'change-time',
  'keep-and-pick-time',
  'cancel',
  'cancel-with-refund',
];

export type StatusTone = 'brand' | 'success' | 'warning' | 'muted';

export type StatusGuide = {
  /** What is happening (a catalogue message). */
  explanation: string;
  steps: readonly NextStep[];
  tone: StatusTone;
};

export const STATUS_GUIDE: Readonly<Record<string, StatusGuide>> = {
  [WO_OPEN]: {
    explanation: msg(
      /*i18n*/ "Your order is paid and your installation is booked. We'll assign a technician and text you when they're on the way.",
    ),
    steps: ['change-time', 'cancel'],
    tone: 'brand',
  },
  [WO_PENDING_FOR_VISIT]: {
    explanation: msg(
      /*i18n*/ "Your order is paid and a technician is assigned to your installation. We'll text you when they're on the way.",
    ),
    steps: ['change-time', 'cancel'],
    tone: 'brand',
  },
  [WO_ON_THE_WAY]: {
    explanation: msg(
      /*i18n*/ 'Your technician is on the way to your home. Please make sure someone is there to let them in.',
    ),
    steps: ['track-technician'],
    tone: 'brand',
  },
  [WO_ONGOING]: {
    explanation: msg(/*i18n*/ 'Your technician is at your home, installing your fibre.'),
    steps: [],
    tone: 'brand',
  },
  [WO_ONGOING_ONHOLD]: {
    explanation: msg(
      /*i18n*/ "Your technician is at your home but has paused the installation for now — for example, while waiting for building access, power or a permit. They'll carry on as soon as they can and will tell you if they need anything from you.",
    ),
    steps: ['help'],
    tone: 'warning',
  },
  [WO_ONGOING_UNHOLD]: {
    explanation: msg(
      /*i18n*/ 'Your technician is working on your installation again after a pause.',
    ),
    steps: [],
    tone: 'brand',
  },
  [WO_DELAYED]: {
    explanation: msg(
      /*i18n*/ "We're sorry: we have to delay your installation visit because of a problem on our side, such as a network problem in your area or bad weather. Please pick a new time that suits you.",
    ),
    steps: ['pick-new-time', 'cancel'],
    tone: 'warning',
  },
  [WO_DELAYED_WITH_VISIT]: {
    explanation: msg(
      /*i18n*/ "Your technician came but couldn't finish the installation this time. Please pick a new time for another visit.",
    ),
    steps: ['pick-new-time', 'cancel', 'help'],
    tone: 'warning',
  },
  [WO_DELAYED_WITHOUT_VISIT]: {
    explanation: msg(
      /*i18n*/ "We're sorry: your technician couldn't come to your home at the time you booked. Please pick a new time for the visit.",
    ),
    steps: ['pick-new-time', 'cancel'],
    tone: 'warning',
  },
  [WO_DELAYED_WITH_START_ACTIVITY]: {
    explanation: msg(
      /*i18n*/ 'Your technician started the installation but needs to come back to finish it. Please pick a time for the return visit.',
    ),
    steps: ['pick-new-time', 'cancel'],
    tone: 'warning',
  },
  [WO_DELAYED_FOR_RESCHEDULE]: {
    explanation: msg(
      /*i18n*/ "Our technician didn't come at the time you booked. That's on us, not you.",
    ),
    steps: ['pick-new-time', 'cancel'],
    tone: 'warning',
  },
  [WO_FOR_RESCUE]: {
    explanation: msg(
      /*i18n*/ "Your installation needs a specialist crew — for example, to fix the line outside your home. We'll arrange their visit and text you the time. You can also pick a new time yourself.",
    ),
    steps: ['change-time', 'cancel', 'help'],
    tone: 'warning',
  },
  [WO_DELAYED_FOR_CANCELLATION]: {
    explanation: msg(
      /*i18n*/ 'We may not be able to install fibre at your home as booked, because of something on your side or ours. You can keep your order and pick a new time, or cancel and get a full refund to your wallet.',
    ),
    steps: ['keep-and-pick-time', 'cancel-with-refund', 'help'],
    tone: 'warning',
  },
  [WO_COMPLETED]: {
    explanation: msg(/*i18n*/ 'Your fibre is installed. Enjoy your connection!'),
    steps: [],
    tone: 'success',
  },
  [WO_COMPLETED_FOR_VISIT]: {
    explanation: msg(
      /*i18n*/ "Your fibre is installed and working. A technician needs to come back once more to finish the job, for example to tidy the cabling — we'll contact you to arrange the visit.",
    ),
    steps: ['help'],
    tone: 'success',
  },
  [WO_CANCELLED]: {
    explanation: msg(
      /*i18n*/ 'This order was cancelled and your payment was refunded to your wallet.',
    ),
    steps: [],
    tone: 'muted',
  },
};

/** The guide of a work order status; none for a value outside §4.5's table (its raw value is shown). */
export function guideOf(status: string): StatusGuide | undefined {
  return Object.hasOwn(STATUS_GUIDE, status) ? STATUS_GUIDE[status] : undefined;
}

/**
 * A paid order whose installation place was lost while the customer paid (order state needs_new_time):
 * no work order yet, so no §4.5 status; the way forward is the schedule page, then the pay page's
 * rebook card, with nothing more to pay.
 */
export const NEEDS_NEW_TIME_EXPLANATION = msg(
  /*i18n*/ 'We received your payment, but the installation time you chose was taken while you paid. Choose a new day and time — there is nothing more to pay.',
);

/**
 * ADR 092: a paid order whose booked period a dispatcher blocked (a typhoon, road works): the reason is
 * shown above this, and the way forward is the same as for a lost place.
 */
export const PERIOD_BLOCKED_EXPLANATION = msg(
  /*i18n*/ 'Your installation cannot go ahead at the time you booked. Your payment is safe. Choose a new day and time — there is nothing more to pay.',
);
