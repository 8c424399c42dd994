import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  GET_AVAILABLE_TIME_SLOTS_PATH,
  RESERVE_APPOINTMENT_PATH,
} from '@konek/contract/appointments';
import { SLOT_ALERT_PATH } from '@konek/contract/slot-alert';
import type { TCondominiumAddressParts } from '@konek/contract/address-book';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClock, type TestClock } from '../../test/test-clock';
import { post, type Customer } from '../../test/accounts';
import { quickCustomers } from '../../test/customers';
import {
  barangayDetail,
  buildingParts,
  houseParts,
  LAS_PINAS,
  saveAddress,
  withReservedNetwork,
} from '../../test/journey';
import { createOutboxSmsSender } from '../../providers/sms/outbox-sms-sender';
import { outboxMessages, outboxWriter } from '../sandbox/service';
import { SLOT_ALERT_SMS, sendSlotAlerts, type SlotAlertDependencies } from './slot-alerts';

// ADR 044 through HTTP against PostgreSQL: "tell me when a slot opens" is stored once per account, only
// for the caller's own account, and sent once by SMS (the outbox) when a place opens in the area — after
// a held place is given back, or when a hold has expired (the periodic check).

const HOUR = 60 * 60 * 1000;

describe('tell me when a slot opens', () => {
  let testApp: TestApp;
  let clock: TestClock;
  let unit: TCondominiumAddressParts;
  let checks: SlotAlertDependencies;
  beforeAll(async () => {
    clock = createTestClock();
    testApp = await createTestApp({}, { clock });
    const almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
    unit = await buildingParts(testApp.app, almanzaUno, LAS_PINAS, 'Yakal Heights');
    const { db } = testApp.database;
    checks = {
      db,
      clock,
      sms: createOutboxSmsSender(outboxWriter(db, clock)),
      leadDays: testApp.config.holds.installationLeadDays,
    };
  });
  afterAll(() => testApp.close());

  const ask = (who: Customer, token = who.token) =>
    post(testApp.app, SLOT_ALERT_PATH, { target_id: who.accountId, target_type: 2 }, token);
  const alertsSentTo = async (who: Customer) =>
    (await outboxMessages(testApp.database.db, who.msisdn)).filter(
      (message) => message.body === SLOT_ALERT_SMS,
    );
  const zoneSlots = async (who: Customer) => {
    const reply = await post(
      testApp.app,
      GET_AVAILABLE_TIME_SLOTS_PATH,
      { target_id: who.accountId, target_type: 2 },
      who.token,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const slots: Record<string, { start_time: string; end_time: string }> = reply.json().time_slots;
    return Object.entries(slots).map(([id, times]) => ({ id, ...times }));
  };
  /** Every slot of Las Piñas's zone full, so the calendar shows none (noavailableslots). */
  const fillZone = () =>
    testApp.database.pool.query(
      `update installation_slots set taken = capacity where work_zone_code =
         (select work_zone_code from work_zone_cities where city_code = $1)`,
      [LAS_PINAS.code],
    );

  it('stores one request per account, however often it is asked, and only for the caller’s account', async () => {
    const [customer, stranger, newcomer] = await quickCustomers(testApp, 3, clock);
    await withReservedNetwork(testApp.app, [customer!, stranger!], unit);
    const first = await ask(customer!);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      code: 0,
      module: 'waitlist',
      message: 'OK',
      slot_alert: { requested_at: clock.now().toISOString(), notified_at: null },
    });
    clock.advance(60_000);
    const again = await ask(customer!);
    expect(again.json()).toEqual(first.json());
    const { rows } = await testApp.database.pool.query(
      'select count(*)::int as n from slot_alerts where account_id = $1',
      [customer!.accountId],
    );
    expect(rows[0].n).toBe(1);

    expect((await ask(customer!, stranger!.token)).statusCode).toBe(403);
    const noNetwork = await ask(newcomer!);
    expect(noNetwork.statusCode).toBe(409);
    expect(noNetwork.json()).toMatchObject({ module: 'appointments', code: 20 });
    await testApp.database.pool.query('delete from slot_alerts');
  });

  it('sends the SMS once, when a held place is given back in the area', async () => {
    const [waiting, holder] = await quickCustomers(testApp, 2, clock);
    await withReservedNetwork(testApp.app, [waiting!, holder!], unit);
    const [slot] = await zoneSlots(holder!);
    const held = await post(
      testApp.app,
      RESERVE_APPOINTMENT_PATH,
      { target_id: holder!.accountId, target_type: 2, time_slot: slot },
      holder!.token,
    );
    expect(held.statusCode, held.body).toBe(200);
    await fillZone();
    expect(await zoneSlots(waiting!)).toEqual([]);
    expect((await ask(waiting!)).statusCode).toBe(200);
    expect(await sendSlotAlerts(checks)).toBe(0);
    expect(await alertsSentTo(waiting!)).toEqual([]);

    // The holder's address moves: their place goes back, and the waiting customer is told soon after.
    const almanzaUno = await barangayDetail(testApp.app, LAS_PINAS.code, 'Almanza Uno');
    await saveAddress(testApp.app, holder!, houseParts(almanzaUno, LAS_PINAS));
    await vi.waitFor(async () => expect(await alertsSentTo(waiting!)).toHaveLength(1), {
      timeout: 15_000,
      interval: 200,
    });
    // Checked again, twice at once: nothing more is sent.
    expect(await Promise.all([sendSlotAlerts(checks), sendSlotAlerts(checks)])).toEqual([0, 0]);
    expect(await alertsSentTo(waiting!)).toHaveLength(1);
    const asked = await ask(waiting!);
    expect(asked.json().slot_alert.notified_at).toBeNull();
    await testApp.database.pool.query('delete from slot_alerts');
  });

  it('sends it when a hold in the area has expired (the periodic check), not before', async () => {
    const [waiting, holder] = await quickCustomers(testApp, 2, clock);
    await withReservedNetwork(testApp.app, [waiting!, holder!], unit);
    await testApp.database.pool.query('update installation_slots set taken = 0');
    // The calendar's last slot, not its first: two hours on may be the next day in Manila, when the first
    // day is no longer bookable and a place given back there opens nothing.
    const slot = (await zoneSlots(holder!)).at(-1);
    const held = await post(
      testApp.app,
      RESERVE_APPOINTMENT_PATH,
      { target_id: holder!.accountId, target_type: 2, time_slot: slot },
      holder!.token,
    );
    expect(held.statusCode, held.body).toBe(200);
    await fillZone();
    expect((await ask(waiting!)).statusCode).toBe(200);
    expect(await sendSlotAlerts(checks)).toBe(0);
    expect(await alertsSentTo(waiting!)).toEqual([]);
    clock.advance(2 * HOUR); // past the 60-minute hold
    // This check sends it, or the app's own, which the booking above set for a second later and which
    // may run first on a slow machine: either way exactly one SMS goes.
    await sendSlotAlerts(checks);
    await vi.waitFor(async () => expect(await alertsSentTo(waiting!)).toHaveLength(1), {
      timeout: 15_000,
      interval: 200,
    });
    expect(await sendSlotAlerts(checks)).toBe(0);
    expect(await alertsSentTo(waiting!)).toHaveLength(1);
  });
});
