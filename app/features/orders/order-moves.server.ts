// Moving an order along its life cycle: the order, its history and the audit trail in one transaction. The
// rules themselves are pure, in order-status.ts.
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { CASH_ON_DELIVERY } from "./checkout-choices";
import { lockOrder, noticeOf, putItemsBack } from "./order-locks.server";
import type { StatusNotice } from "./order-mail.server";
import { canMove, type OrderStatus, putsStockBack, refundStateOf, SHIPPED } from "./order-status";

export type StatusMove = {
  orderId: number;
  /** The status the staff member saw when they chose. */
  from: OrderStatus;
  to: OrderStatus;
  courier?: string | undefined;
  trackingNumber?: string | undefined;
  note?: string | undefined;
};

export type MoveResult =
  | { ok: true; notice: StatusNotice }
  | { ok: false; problem: "not-found" }
  /** Someone else moved the order since the page was shown. */
  | { ok: false; problem: "stale"; current: string }
  | { ok: false; problem: "not-allowed" };

/**
 * Moves an order to another status, if the life cycle allows it from the status the staff member saw (a
 * stale one is refused: someone else moved it meanwhile). The order, its history row and the audit entry are
 * written in one transaction; a courier and tracking number are kept when it is shipped; a cancelled order's
 * items go back in stock. The customer is mailed by the caller, after the commit (sendStatusMail).
 */
export async function moveOrder(
  db: Database,
  actor: Actor,
  move: StatusMove,
  now = new Date(),
): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, move.orderId);
    if (!order) return { ok: false, problem: "not-found" } as const;
    if (order.status !== move.from) return { ok: false, problem: "stale", current: order.status } as const;
    const facts = {
      refundRequested: refundStateOf(order.refundState) !== null,
      cashOnDelivery: order.paymentMethod === CASH_ON_DELIVERY,
    };
    if (!canMove(move.from, move.to, facts)) {
      return { ok: false, problem: "not-allowed" } as const;
    }
    const shipped = move.to === SHIPPED;
    const courier = shipped ? (move.courier ?? null) : order.courier;
    const trackingNumber = shipped ? (move.trackingNumber ?? null) : order.trackingNumber;
    await tx
      .update(orders)
      .set({ status: move.to, courier, trackingNumber, updatedAt: now })
      .where(eq(orders.id, order.id));
    const stock = putsStockBack(move.from, move.to) ? await putItemsBack(tx, order.id, now) : [];
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: move.from,
      toStatus: move.to,
      staffId: actor.id,
      actorName: actor.name,
      courier: shipped ? courier : null,
      trackingNumber: shipped ? trackingNumber : null,
      note: move.note ?? null,
      createdAt: now,
    });
    await recordAudit(tx, actor, "order.status", `order ${order.id}`, {
      status: { before: move.from, after: move.to },
      ...(shipped ? { courier, trackingNumber } : {}),
      ...(move.note ? { note: move.note } : {}),
      ...(stock.length > 0 ? { stock } : {}),
    });
    return { ok: true, notice: noticeOf(order, move.to, { courier, trackingNumber }) } as const;
  });
}
