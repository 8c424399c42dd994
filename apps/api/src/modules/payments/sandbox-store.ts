import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { TPayMongoMethodType } from '@konek/contract/payment-methods';
import type { Db } from '../../platform/db/database';
import {
  sandboxCheckouts,
  sandboxRefunds,
  sandboxWebhookDeliveries,
} from '../../db/schema/payments';
import type {
  LocalGatewayStore,
  SandboxCheckout,
  SandboxDelivery,
} from '../../providers/payments/local-gateway';

// The local gateway's tables (ADR 038): what PayMongo keeps on its side, for the sandbox checkout. The
// gateway in providers/payments gets this store from the composition root; it never runs SQL itself.

type CheckoutRow = typeof sandboxCheckouts.$inferSelect;
type DeliveryRow = typeof sandboxWebhookDeliveries.$inferSelect;

function checkoutOf(row: CheckoutRow): SandboxCheckout {
  return {
    ...row,
    methods: row.methods as TPayMongoMethodType[],
    paidMethod: row.paidMethod as TPayMongoMethodType | null,
  };
}

const deliveryOf = (row: DeliveryRow): SandboxDelivery => row;

export function localGatewayStore(db: Db): LocalGatewayStore {
  return {
    async insertCheckout(checkout) {
      await db.insert(sandboxCheckouts).values(checkout);
    },

    async findCheckout(id) {
      const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
      return row && checkoutOf(row);
    },

    async findCheckoutByPayment(paymentId) {
      const [row] = await db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.paymentId, paymentId));
      return row && checkoutOf(row);
    },

    async closeCheckout(id, change) {
      const [row] = await db
        .update(sandboxCheckouts)
        .set({
          status: change.status,
          updatedAt: change.at,
          ...(change.paymentId ? { paymentId: change.paymentId } : {}),
          ...(change.paidMethod ? { paidMethod: change.paidMethod } : {}),
          ...(change.paidAt ? { paidAt: change.paidAt } : {}),
        })
        .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'active')))
        .returning();
      return row && checkoutOf(row);
    },

    async dueCheckouts(now, limit) {
      const rows = await db
        .select({ id: sandboxCheckouts.id })
        .from(sandboxCheckouts)
        .where(and(eq(sandboxCheckouts.status, 'active'), lte(sandboxCheckouts.expiresAt, now)))
        .orderBy(asc(sandboxCheckouts.expiresAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async insertRefundWithin(refund, paidCentavos) {
      // The payment's row lock makes parallel refunds take turns, so their sum never passes what was paid.
      return db.transaction(async (tx) => {
        await tx
          .select({ id: sandboxCheckouts.id })
          .from(sandboxCheckouts)
          .where(eq(sandboxCheckouts.paymentId, refund.paymentId))
          .for('update');
        const [sum] = await tx
          .select({ total: sql<string>`coalesce(sum(${sandboxRefunds.amountCentavos}), 0)` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.paymentId, refund.paymentId));
        if (Number(sum?.total ?? 0) + refund.amountCentavos > paidCentavos) return false;
        await tx.insert(sandboxRefunds).values(refund);
        return true;
      });
    },

    async insertDelivery(delivery) {
      await db.insert(sandboxWebhookDeliveries).values(delivery);
    },

    async recordDeliveryAttempt(eventId, attempt) {
      await db
        .update(sandboxWebhookDeliveries)
        .set({
          attempts: sql`${sandboxWebhookDeliveries.attempts} + 1`,
          lastStatus: attempt.status,
          lastSignature: attempt.signature,
          ...(attempt.delivered ? { deliveredAt: attempt.at } : {}),
        })
        .where(eq(sandboxWebhookDeliveries.eventId, eventId));
    },

    async undeliveredDeliveries(maxAttempts, limit) {
      const rows = await db
        .select()
        .from(sandboxWebhookDeliveries)
        .where(
          and(
            isNull(sandboxWebhookDeliveries.deliveredAt),
            lt(sandboxWebhookDeliveries.attempts, maxAttempts),
          ),
        )
        .orderBy(asc(sandboxWebhookDeliveries.createdAt))
        .limit(limit);
      return rows.map(deliveryOf);
    },

    async deliveriesOf(checkoutId) {
      const rows = await db
        .select()
        .from(sandboxWebhookDeliveries)
        .where(eq(sandboxWebhookDeliveries.checkoutId, checkoutId))
        .orderBy(asc(sandboxWebhookDeliveries.createdAt));
      return rows.map(deliveryOf);
    },
  };
}
