import * as z from 'zod';

// Why the pay step sent the customer back to the schedule page (router state, ADR 045): the installation
// place held for the order was lost — before payment (the hold ran out) or after it (the money is kept
// and only a new time is needed), or, ADR 092, a dispatcher blocked the booked period (a typhoon, road
// works) after payment.

export const SCHEDULE_NOTICES = ['hold-expired', 'paid-needs-new-time', 'period-blocked'] as const;
export type TScheduleNotice = (typeof SCHEDULE_NOTICES)[number];

const ZScheduleNoticeState = z.object({ scheduleNotice: z.enum(SCHEDULE_NOTICES) });

export function scheduleNoticeState(notice: TScheduleNotice) {
  return { scheduleNotice: notice };
}

export function readScheduleNotice(state: unknown): TScheduleNotice | null {
  const parsed = ZScheduleNoticeState.safeParse(state);
  return parsed.success ? parsed.data.scheduleNotice : null;
}
