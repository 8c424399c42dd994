import { and, countDistinct, eq } from 'drizzle-orm';
import type { TNonserviceableAddressEvent } from '@konek/contract/submit-events';
import type { Db } from '../../platform/db/database';
import { notifyRequests } from '../../db/schema/coverage';

export type Area = { province: string; city: string; barangay: string };

export async function insertNotifyRequests(
  db: Db,
  applicationId: string,
  events: readonly TNonserviceableAddressEvent[],
): Promise<void> {
  await db.insert(notifyRequests).values(
    events.map((event) => ({
      applicationId,
      email: event.id_value,
      firstName: event.first_name,
      middleName: event.middle_name ?? null,
      lastName: event.last_name,
      suffix: event.suffix ?? null,
      msisdn: event.msisdn ?? null,
      addressType: event.address_type,
      province: event.province,
      city: event.city,
      barangay: event.barangay,
      houseNumber: event.house_number ?? null,
      street: event.street ?? null,
      village: event.village ?? null,
      floor: event.floor ?? null,
      unitNumber: event.unit_number ?? null,
      buildingName: event.building_name ?? null,
      latitude: event.latitude,
      longitude: event.longitude,
      pageLocation: event.page_location,
      epochMillis: String(event.epoch_millis),
      day: event.day,
    })),
  );
}

/** People (distinct emails), not requests: asking twice does not count twice. */
export async function countNotifyRequests(db: Db, area: Area): Promise<number> {
  const [row] = await db
    .select({ requests: countDistinct(notifyRequests.email) })
    .from(notifyRequests)
    .where(
      and(
        eq(notifyRequests.province, area.province),
        eq(notifyRequests.city, area.city),
        eq(notifyRequests.barangay, area.barangay),
      ),
    );
  return row?.requests ?? 0;
}
