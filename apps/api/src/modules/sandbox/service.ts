import type { TOutboxMessage } from '@konek/contract/sandbox-outbox';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { OutboxWriter } from '../../providers/sms/outbox-sms-sender';
import { insertOutboxMessage, listOutbox } from './store';

const OUTBOX_PAGE_SIZE = 100;

/** The local SMS provider's writer: messages land in the outbox table. */
export function outboxWriter(db: Db, clock: Clock): OutboxWriter {
  return (message) => insertOutboxMessage(db, { ...message, createdAt: clock.now() });
}

/** The newest messages to one number: only someone who names the number sees its codes (ADR 019). */
export async function outboxMessages(db: Db, msisdn: string): Promise<TOutboxMessage[]> {
  const entries = await listOutbox(db, msisdn, OUTBOX_PAGE_SIZE);
  return entries.map((entry) => ({
    id: entry.id,
    msisdn: entry.msisdn,
    body: entry.body,
    created_at: entry.createdAt.toISOString(),
  }));
}
