// An owner's refund of an order through PhonePe.
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { issueCreditNote } from "~/features/invoices/index.server";
import type { PhonePeClient } from "~/features/payments/index.server";
import { askForClaimedRefund, claimRefund } from "~/features/payments/index.server";
import { formatRupees } from "~/lib/money";
import { CASH_ON_DELIVERY } from "./checkout-choices";
import { orderAdminMessages } from "./messages";
import { lockOrder, noticeOf, putItemsBack } from "./order-locks.server";
import type { StatusNotice } from "./order-mail.server";
import { isOrderStatus, putsStockBack, type RefundState, statusAfterRefund } from "./order-status";

export type OrderRefund = { orderId: number /** Paise. */; amount: number; note?: string | undefined };

export type OrderRefundResult =
  | {
      ok: true;
      /** Where PhonePe has it: REQUESTED when PhonePe could not be reached (the reconciler asks again). */
      state: RefundState;
      /** Set when the refund changed the order's status (a full refund): mail the customer. */
      notice: StatusNotice | null;
    }
  | { ok: false; problem: "not-found" | "not-positive" | "refunded-before" | "cash-order" }
  | { ok: false; problem: "too-large"; paid: number };

/**
 * Refunds `amount` paise of an order's payment through PhonePe's refund API, once per order: the refund is
 * claimed with the payment's one merchantRefundId (claimRefund) in the same transaction as the order's
 * history row and the audit entry, so a second request, from any instance, is refused. A full refund makes
 * the order Refunded (statusAfterRefund; items not yet shipped go back in stock); a part refund leaves its
 * status. PhonePe is asked after the commit and the refund is followed by the reconciler and webhooks.
 */
export async function refundOrder(
  db: Database,
  client: PhonePeClient,
  actor: Actor,
  refund: OrderRefund,
  now = new Date(),
): Promise<OrderRefundResult> {
  const claimed = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, refund.orderId);
    if (!order) return { ok: false, problem: "not-found" } as const;
    // A cash order's money never went through PhonePe: there is nothing there to refund.
    if (order.paymentMethod === CASH_ON_DELIVERY) return { ok: false, problem: "cash-order" } as const;
    if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0) {
      return { ok: false, problem: "not-positive" } as const;
    }
    if (refund.amount > order.paid) return { ok: false, problem: "too-large", paid: order.paid } as const;
    if (!(await claimRefund(tx, order.merchantOrderId, refund.amount, now))) {
      return { ok: false, problem: "refunded-before" } as const;
    }
    const from = order.status;
    const to = isOrderStatus(from) ? statusAfterRefund(from, refund.amount, order.paid) : from;
    if (to !== from) {
      await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, order.id));
    }
    const stock =
      isOrderStatus(from) && isOrderStatus(to) && putsStockBack(from, to)
        ? await putItemsBack(tx, order.id, now)
        : [];
    await issueCreditNote(tx, order.id, refund.amount, now);
    const said = orderAdminMessages.refundNote(refund.amount >= order.paid, formatRupees(refund.amount));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: from,
      toStatus: to,
      staffId: actor.id,
      actorName: actor.name,
      note: refund.note ? `${said}: ${refund.note}` : said,
      createdAt: now,
    });
    await recordAudit(tx, actor, "order.refund", `order ${order.id}`, {
      merchantOrderId: order.merchantOrderId,
      amount: refund.amount,
      paid: order.paid,
      ...(to !== from ? { status: { before: from, after: to } } : {}),
      ...(refund.note ? { note: refund.note } : {}),
      ...(stock.length > 0 ? { stock } : {}),
    });
    const notice: StatusNotice | null = to !== from && isOrderStatus(to) ? noticeOf(order, to) : null;
    return { ok: true, merchantOrderId: order.merchantOrderId, notice } as const;
  });
  if (!claimed.ok) return claimed;
  const state = await askForClaimedRefund(db, client, claimed.merchantOrderId, refund.amount, now);
  return { ok: true, state, notice: claimed.notice };
}
