import { ZPageContent, type TPageConfig } from '@konek/contract/get-page-config';
import { DomainError } from '../../platform/domain-error';
import type { Db } from '../../platform/db/database';
import { findPageConfig } from './store';

/**
 * product §7.2 content page-configs (ADR 015): a page's configuration from the database. Content that
 * does not match its kind's schema is a fault of whoever edited the row: a 500 with the reason logged,
 * never a broken page config sent to the browser.
 */
export async function pageConfig(db: Db, id: number): Promise<TPageConfig> {
  const row = await findPageConfig(db, id);
  if (!row) throw new DomainError('content', 'PAGE_NOT_FOUND', { id });
  const content = ZPageContent.safeParse(row.content);
  if (!content.success) {
    throw new Error(`page config ${id} does not match its schema: ${content.error.message}`);
  }
  return {
    id: row.id,
    name: row.name,
    content: content.data,
    updated_at: row.updatedAt.toISOString(),
  };
}
