import {
  DEFAULT_PAYMENT_METHOD_SETTING,
  PAYMENT_METHOD_CONFIG_KEY,
} from '@konek/contract/remote-config-get';
import type { Db } from '../../../platform/db/database';
import { operatorSubscribers, remoteConfig } from '../../schema/identity';
import { DEMO_SUBSCRIBERS } from './demo-subscribers';

/**
 * Demo subscribers and the remote payment-method setting. Rows that exist are left alone, so an
 * operator's edits survive a new seed version.
 */
export async function importIdentityDemo(db: Db): Promise<{ subscribers: number }> {
  await db.insert(operatorSubscribers).values(DEMO_SUBSCRIBERS).onConflictDoNothing();
  await db
    .insert(remoteConfig)
    .values({
      key: PAYMENT_METHOD_CONFIG_KEY,
      value: DEFAULT_PAYMENT_METHOD_SETTING,
      updatedAt: new Date(),
    })
    .onConflictDoNothing();
  return { subscribers: DEMO_SUBSCRIBERS.length };
}
