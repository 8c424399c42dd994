import type { TOutboxEmail, TOutboxMessage } from '@konek/contract/sandbox-outbox';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { OutboxWriter } from '../../providers/sms/outbox-sms-sender';
import type { EmailOutboxWriter } from '../../providers/email/outbox-email-sender';
import { insertOutboxEmail, insertOutboxMessage, listOutbox, listOutboxEmails } from './store';

const OUTBOX_PAGE_SIZE = 100;

/** The local SMS provider's writer: messages land in the outbox table. */
export function outboxWriter(db: Db, clock: Clock): OutboxWriter {
  return (message) => insertOutboxMessage(db, { ...message, createdAt: clock.now() });
}

/** The local email provider's writer (ADR 093): emails land in their outbox table. */
export function emailOutboxWriter(db: Db, clock: Clock): EmailOutboxWriter {
  return (email) =>
    insertOutboxEmail(db, {
      sender: email.from,
      recipient: email.to,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html ?? null,
      headers: email.headers ?? {},
      createdAt: clock.now(),
    });
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

/**
 * The newest emails to one address, in any case: only someone who names the address sees its links
 * (ADR 019, 093).
 */
export async function outboxEmails(db: Db, address: string): Promise<TOutboxEmail[]> {
  const entries = await listOutboxEmails(db, address, OUTBOX_PAGE_SIZE);
  return entries.map((entry) => ({
    id: entry.id,
    from: entry.sender,
    to: entry.recipient,
    subject: entry.subject,
    text: entry.bodyText,
    html: entry.bodyHtml,
    headers: entry.headers,
    created_at: entry.createdAt.toISOString(),
  }));
}
