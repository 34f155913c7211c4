// A cash order at the door: the cash collected, or the parcel refused.
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { issueInvoice } from "~/features/invoices/index.server";
import { formatRupees } from "~/lib/money";
import { CASH_ON_DELIVERY } from "./checkout-choices";
import { orderAdminMessages } from "./messages";
import { lockOrder, noticeOf, putItemsBack, type Tx } from "./order-locks.server";
import type { StatusNotice } from "./order-mail.server";
import { canCollectCash, canRefuseAtDoor, type OrderStatus } from "./order-status";

export type DoorResult =
  | { ok: true; notice: StatusNotice }
  | { ok: false; problem: "not-found" | "not-cash" | "not-allowed" }
  | { ok: false; problem: "stale"; current: string }
  | { ok: false; problem: "too-much"; due: number };

/** Locks a cash order for a change at the door, refusing what the page's `from` no longer matches. */
async function lockCashOrder(tx: Tx, orderId: number, from: OrderStatus) {
  const order = await lockOrder(tx, orderId);
  if (!order) return { ok: false, problem: "not-found" } as const;
  if (order.paymentMethod !== CASH_ON_DELIVERY) return { ok: false, problem: "not-cash" } as const;
  if (order.status !== from) return { ok: false, problem: "stale", current: order.status } as const;
  return { ok: true, order } as const;
}

/**
 * "Delivered, cash collected": the cash order becomes Delivered and counts as paid, with the amount, who
 * recorded it and when; at most what the order is for (a customer who paid less is settled by hand, and the
 * history says so). Once only: a second post finds the order Delivered.
 */
export async function collectCash(
  db: Database,
  actor: Actor,
  collection: { orderId: number; from: OrderStatus; amount: number; note?: string | undefined },
  now = new Date(),
): Promise<DoorResult> {
  return db.transaction(async (tx) => {
    const locked = await lockCashOrder(tx, collection.orderId, collection.from);
    if (!locked.ok) return locked;
    const { order } = locked;
    if (order.cashCollected !== null || !canCollectCash(collection.from)) {
      return { ok: false, problem: "not-allowed" } as const;
    }
    const due = order.totalPriceAfterDiscount;
    if (!Number.isSafeInteger(collection.amount) || collection.amount <= 0) {
      return { ok: false, problem: "not-allowed" } as const;
    }
    if (collection.amount > due) return { ok: false, problem: "too-much", due } as const;
    const to: OrderStatus = "Delivered";
    await tx
      .update(orders)
      .set({
        status: to,
        cashCollected: collection.amount,
        cashCollectedBy: actor.name,
        cashCollectedAt: now,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    const said = orderAdminMessages.cashCollectedNote(formatRupees(collection.amount), formatRupees(due));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: collection.from,
      toStatus: to,
      staffId: actor.id,
      actorName: actor.name,
      note: collection.note ? `${said}: ${collection.note}` : said,
      createdAt: now,
    });
    // The cash is in: the order is paid, and its tax invoice is issued now (decision 0028).
    await issueInvoice(tx, order.id, now);
    await recordAudit(tx, actor, "order.cash", `order ${order.id}`, {
      status: { before: collection.from, after: to },
      collected: collection.amount,
      due,
      ...(collection.note ? { note: collection.note } : {}),
    });
    return { ok: true, notice: noticeOf(order, to, { cashCollected: collection.amount }) } as const;
  });
}

/**
 * "Refused at the door": the cash order is Cancelled and, since the parcel comes back unopened, its items
 * go back in stock (a parcel paid online that comes back is checked by the dealer first).
 */
export async function refuseAtDoor(
  db: Database,
  actor: Actor,
  refusal: { orderId: number; from: OrderStatus; note?: string | undefined },
  now = new Date(),
): Promise<DoorResult> {
  return db.transaction(async (tx) => {
    const locked = await lockCashOrder(tx, refusal.orderId, refusal.from);
    if (!locked.ok) return locked;
    const { order } = locked;
    if (!canRefuseAtDoor(refusal.from)) return { ok: false, problem: "not-allowed" } as const;
    const to: OrderStatus = "Cancelled";
    await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, order.id));
    const stock = await putItemsBack(tx, order.id, now);
    const said = orderAdminMessages.refusedNote;
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: refusal.from,
      toStatus: to,
      staffId: actor.id,
      actorName: actor.name,
      note: refusal.note ? `${said}: ${refusal.note}` : said,
      createdAt: now,
    });
    await recordAudit(tx, actor, "order.refused", `order ${order.id}`, {
      status: { before: refusal.from, after: to },
      ...(refusal.note ? { note: refusal.note } : {}),
      ...(stock.length > 0 ? { stock } : {}),
    });
    return { ok: true, notice: noticeOf(order, to) } as const;
  });
}
