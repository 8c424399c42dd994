import { inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database';
import { cities } from '../../schema/geography';
import { crewPlans, workZoneCities, workZones } from '../../schema/appointments';
import { SATURDAY_PLACES, WEEKDAY_PLACES, WORK_ZONES } from './demo-installation-plan';

const SATURDAY = 6;

/** The demo work zones, their cities and crew plans (Monday to Saturday; Sundays have none). */
export async function importInstallationDemo(db: Db): Promise<{ zones: number }> {
  const cityCodes = WORK_ZONES.flatMap((zone) => [...zone.cityCodes]);
  const known = new Set(
    (
      await db.select({ code: cities.code }).from(cities).where(inArray(cities.code, cityCodes))
    ).map((row) => row.code),
  );
  for (const zone of WORK_ZONES) {
    await db
      .insert(workZones)
      .values({ code: zone.code, name: zone.name, isDemo: true })
      .onConflictDoUpdate({ target: workZones.code, set: { name: zone.name, isDemo: true } });
    const zoneCities = zone.cityCodes.filter((code) => known.has(code));
    if (zoneCities.length > 0) {
      await db
        .insert(workZoneCities)
        .values(zoneCities.map((cityCode) => ({ cityCode, workZoneCode: zone.code })))
        .onConflictDoUpdate({
          target: workZoneCities.cityCode,
          set: { workZoneCode: zone.code },
        });
    }
    for (let weekday = 1; weekday <= SATURDAY; weekday++) {
      const places = weekday === SATURDAY ? SATURDAY_PLACES : WEEKDAY_PLACES;
      for (const period of ['am', 'pm'] as const) {
        await db
          .insert(crewPlans)
          .values({ workZoneCode: zone.code, weekday, period, places })
          .onConflictDoUpdate({
            target: [crewPlans.workZoneCode, crewPlans.weekday, crewPlans.period],
            set: { places },
          });
      }
    }
  }
  return { zones: WORK_ZONES.length };
}
