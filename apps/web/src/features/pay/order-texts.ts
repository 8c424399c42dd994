import { appointmentTimeText, type TTimeSlot } from '@konek/contract/slot-period';
import { unbroken } from '../../lib/unbroken';

/**
 * product §3 appointmentTime ("November 27, 2026 - Morning - 9:00 AM - 12:00 PM") as a sentence:
 * "November 27, 2026, Morning (9:00 AM – 12:00 PM)", each time kept on one line. Text in another shape
 * is shown as it is.
 */
export function installationTimeText(appointmentTime: string): string {
  const [day, period, start, end] = appointmentTime.split(' - ');
  if (!day || !period || !start || !end) return appointmentTime;
  return `${day}, ${period} (${unbroken(start)} – ${unbroken(end)})`;
}

/** A booked slot as the same sentence; null for a slot that is neither morning nor afternoon. */
export function slotText(slot: TTimeSlot): string | null {
  try {
    return installationTimeText(appointmentTimeText(slot));
  } catch {
    return null;
  }
}
