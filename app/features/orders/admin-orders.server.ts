// The back office's orders: the list and its filters, an order's page, moving an order along its life cycle
// (the order, its history and the audit trail in one transaction), an owner's refund of it, and the payments
// that were refunded without ever becoming an order. The rules themselves are pure, in app/features/orders/order-status.ts.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  customers,
  orderEvents,
  orderItems,
  orders,
  paymentAttempts,
  products,
  taxDocuments,
} from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { issueCreditNote, issueInvoice } from "~/features/invoices/index.server";
import type { PhonePeClient } from "~/features/payments/index.server";
import { pageCount } from "~/lib/list-query";
import { formatRupees } from "~/lib/money";
import { escapeLike } from "~/lib/search-text";
import { CASH_ON_DELIVERY } from "./checkout-choices";
import { orderAdminMessages } from "./messages";
import {
  ORDERS_PAGE_SIZE,
  type OrderFilters,
  orderDateRange,
  orderIdIn,
  phoneDigitsIn,
} from "./order-filters";
import type { StatusNotice } from "./order-mail.server";
import { cashNote, deliveryNote } from "./order-notes";
import {
  canCollectCash,
  canMove,
  canRefuseAtDoor,
  cashStateLabel,
  FIRST_STATUS,
  isFinished,
  isOrderStatus,
  nextStatuses,
  type OrderStatus,
  paymentStateLabel,
  putsStockBack,
  type RefundState,
  refundStateOf,
  SHIPPED,
  statusAfterRefund,
} from "./order-status";
import { askForClaimedRefund, claimRefund, OPEN_REFUND_STATES } from "./refunds.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// ---------------------------------------------------------------------------------------------------------
// The list

export type OrderListRow = {
  id: number;
  createdAt: Date;
  customer: string;
  email: string;
  /** Units ordered, all lines together. */
  itemCount: number;
  /** Paise paid: offer prices plus shipping. */
  paid: number;
  status: string;
  /** "Paid", or how far a refund of the payment has gone; for a cash order, where its cash stands. */
  paymentState: string;
  /** A cash order waiting for the dealer's confirming call: the customer's mobile number to call. */
  callToConfirm: string | undefined;
};

export type OrderList = { rows: OrderListRow[]; total: number; page: number; pages: number };

/** An order id, the customer's name, e-mail or phone (any part of them), or PhonePe's merchantOrderId. */
function searchCondition(q: string): SQL | undefined {
  const pattern = `%${escapeLike(q)}%`;
  const conditions: (SQL | undefined)[] = [
    ilike(customers.email, pattern),
    ilike(sql`${customers.firstname} || ' ' || ${customers.lastname}`, pattern),
    eq(paymentAttempts.merchantOrderId, q.toUpperCase()),
  ];
  const id = orderIdIn(q);
  if (id !== undefined) conditions.push(eq(orders.id, id));
  const phone = phoneDigitsIn(q);
  if (phone !== undefined) conditions.push(ilike(customers.mobile, `%${phone}%`));
  return or(...conditions);
}

function listCondition(filters: OrderFilters): SQL | undefined {
  const { since, before } = orderDateRange(filters);
  return and(
    filters.status ? eq(orders.status, filters.status) : undefined,
    since ? gte(orders.createdAt, since) : undefined,
    before ? lt(orders.createdAt, before) : undefined,
    filters.q ? searchCondition(filters.q) : undefined,
  );
}

/** The orders the filters select, newest first, a page of 25 at a time, with how many there are in all. */
export async function listOrders(db: Database, filters: OrderFilters): Promise<OrderList> {
  const where = listCondition(filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        firstname: customers.firstname,
        lastname: customers.lastname,
        email: customers.email,
        itemCount:
          sql<number>`(SELECT coalesce(sum(${orderItems.quantity}), 0) FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`.mapWith(
            Number,
          ),
        paid: orders.totalPriceAfterDiscount,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        cashCollected: orders.cashCollected,
        mobile: customers.mobile,
        refundState: paymentAttempts.refundState,
        refundAmount: paymentAttempts.refundAmount,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((filters.page - 1) * ORDERS_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
      .where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      customer: `${row.firstname} ${row.lastname}`,
      email: row.email,
      itemCount: row.itemCount,
      paid: row.paid,
      status: row.status,
      paymentState:
        row.paymentMethod === CASH_ON_DELIVERY
          ? cashStateLabel(row)
          : paymentStateLabel({ state: row.refundState, amount: row.refundAmount, paid: row.paid }),
      callToConfirm:
        row.paymentMethod === CASH_ON_DELIVERY && row.status === FIRST_STATUS ? row.mobile : undefined,
    })),
    total,
    page: filters.page,
    pages: pageCount(total, ORDERS_PAGE_SIZE),
  };
}

// ---------------------------------------------------------------------------------------------------------
// One order

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** Everything the order page shows, and the statuses it may move to; null for an unknown id. */
export async function orderDetail(db: Database, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      customer: {
        firstname: customers.firstname,
        lastname: customers.lastname,
        email: customers.email,
        mobile: customers.mobile,
      },
      attempt: {
        merchantOrderId: paymentAttempts.merchantOrderId,
        providerOrderId: paymentAttempts.providerOrderId,
        status: paymentAttempts.status,
        amount: paymentAttempts.amount,
        refundState: paymentAttempts.refundState,
        refundAmount: paymentAttempts.refundAmount,
        refundId: paymentAttempts.refundId,
      },
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const [items, history, documents] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        title: orderItems.title,
        colourName: orderItems.colourName,
        colourValue: orderItems.colourValue,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        originalPrice: orderItems.originalPrice,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    db
      .select({
        id: orderEvents.id,
        fromStatus: orderEvents.fromStatus,
        toStatus: orderEvents.toStatus,
        actorName: orderEvents.actorName,
        courier: orderEvents.courier,
        trackingNumber: orderEvents.trackingNumber,
        note: orderEvents.note,
        createdAt: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id)),
    db
      .select({ kind: taxDocuments.kind, number: taxDocuments.number, issuedOn: taxDocuments.issuedOn })
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, orderId))
      .orderBy(asc(taxDocuments.id)),
  ]);
  const { order, customer, attempt } = row;
  const refundState = refundStateOf(attempt.refundState);
  const status = order.status;
  const cashOnDelivery = order.paymentMethod === CASH_ON_DELIVERY;
  return {
    id: order.id,
    status,
    createdAt: order.createdAt,
    /** Paise: at MRP (shipping included), paid, and the shipping within it. */
    amounts: {
      atMrp: order.totalPrice,
      paid: order.totalPriceAfterDiscount,
      shipping: order.shippingFee,
      codFee: order.codFee,
    },
    /** "Express delivery, promised by Friday, 27 November". */
    delivery: deliveryNote(order),
    shippingAddress: order.shippingInfo,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    customer,
    items,
    history,
    /** Its tax invoice and credit note, once issued. */
    documents,
    payment: {
      method: order.paymentMethod,
      merchantOrderId: attempt.merchantOrderId,
      providerOrderId: attempt.providerOrderId ?? text(order.paymentInfo.providerOrderId),
      transactionId: text(order.paymentInfo.transactionId),
      state: attempt.status,
      amount: attempt.amount,
    },
    refund: refundState
      ? { state: refundState, amount: attempt.refundAmount ?? attempt.amount, refundId: attempt.refundId }
      : null,
    nextStatuses: isOrderStatus(status)
      ? nextStatuses(status, { refundRequested: refundState !== null, cashOnDelivery })
      : [],
    /** A cash order: what is due at the door, and what was collected, by whom and when. */
    cash: cashOnDelivery
      ? {
          due: order.totalPriceAfterDiscount,
          collected: order.cashCollected,
          collectedBy: order.cashCollectedBy,
          collectedAt: order.cashCollectedAt,
          state: cashStateLabel({ status, cashCollected: order.cashCollected }),
          canCollect: isOrderStatus(status) && order.cashCollected === null && canCollectCash(status),
          canRefuse: isOrderStatus(status) && canRefuseAtDoor(status),
        }
      : null,
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;

// ---------------------------------------------------------------------------------------------------------
// Moving an order along its life cycle

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

/** Locks the order for this transaction and reads what a change of status needs. */
async function lockOrder(tx: Tx, orderId: number) {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      email: customers.email,
      firstname: customers.firstname,
      shippingMethod: orders.shippingMethod,
      promisedBy: orders.promisedBy,
      paymentMethod: orders.paymentMethod,
      totalPriceAfterDiscount: orders.totalPriceAfterDiscount,
      cashCollected: orders.cashCollected,
      merchantOrderId: paymentAttempts.merchantOrderId,
      paid: paymentAttempts.amount,
      refundState: paymentAttempts.refundState,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  return row;
}

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

/** What the customer is told of the order's move to `status` (mailed after the commit). */
function noticeOf(
  order: LockedOrder,
  status: OrderStatus,
  change: { courier?: string | null; trackingNumber?: string | null; cashCollected?: number | null } = {},
): StatusNotice {
  const cash = cashNote({
    ...order,
    status,
    cashCollected: change.cashCollected === undefined ? order.cashCollected : change.cashCollected,
  });
  return {
    to: order.email,
    firstname: order.firstname,
    orderId: order.id,
    status,
    courier: change.courier === undefined ? order.courier : change.courier,
    trackingNumber: change.trackingNumber === undefined ? order.trackingNumber : change.trackingNumber,
    // The promised day matters while the order is on its way, not once it has ended.
    details: [...(isFinished(status) ? [] : [deliveryNote(order)]), ...(cash ? [cash] : [])],
  };
}

/**
 * Puts an order's items back in stock (it was cancelled or refunded before it left the shop): the products
 * are locked in id order, as finishPayment does, so the two never deadlock. Returns each product's stock
 * before and after, for the audit trail.
 */
async function putItemsBack(tx: Tx, orderId: number, now: Date) {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const units = new Map<number, number>();
  for (const line of lines) {
    if (line.productId !== null) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  }
  if (units.size === 0) return [];
  const stock = await tx
    .select({ id: products.id, quantity: products.quantity })
    .from(products)
    .where(inArray(products.id, [...units.keys()]))
    .orderBy(asc(products.id))
    .for("update");
  const changes: { product: number; stock: { before: number; after: number } }[] = [];
  for (const product of stock) {
    const back = units.get(product.id) ?? 0;
    await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} + ${back}`,
        // "Sold" counts what left the shop; it never goes below 0 whatever was edited by hand meanwhile.
        sold: sql`GREATEST(${products.sold} - ${back}, 0)`,
        updatedAt: now,
      })
      .where(eq(products.id, product.id));
    changes.push({
      product: product.id,
      stock: { before: product.quantity, after: product.quantity + back },
    });
  }
  return changes;
}

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

// ---------------------------------------------------------------------------------------------------------
// An owner's refund

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

// ---------------------------------------------------------------------------------------------------------
// A cash order at the door

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

// ---------------------------------------------------------------------------------------------------------
// Payments refunded without an order

/** Why a payment with no order needs the dealer's eye. */
export type UnorderedReason = "refund" | "amount-mismatch";

/**
 * Payments that never became an order and whose money is not settled yet: refunds still open or failed
 * (stock ran out while the shopper paid), and payments whose amount differed from the order's (refunded by
 * hand), newest first, a page of 25 at a time.
 */
export async function unorderedRefunds(db: Database, page = 1) {
  const where = and(
    or(
      inArray(paymentAttempts.refundState, [...OPEN_REFUND_STATES, "FAILED"]),
      eq(paymentAttempts.status, "AMOUNT_MISMATCH"),
    ),
    notExists(
      db.select({ id: orders.id }).from(orders).where(eq(orders.paymentAttemptId, paymentAttempts.id)),
    ),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        merchantOrderId: paymentAttempts.merchantOrderId,
        createdAt: paymentAttempts.createdAt,
        updatedAt: paymentAttempts.updatedAt,
        status: paymentAttempts.status,
        amount: paymentAttempts.amount,
        refundState: paymentAttempts.refundState,
        refundAmount: paymentAttempts.refundAmount,
        refundId: paymentAttempts.refundId,
        firstname: customers.firstname,
        lastname: customers.lastname,
        email: customers.email,
        mobile: customers.mobile,
      })
      .from(paymentAttempts)
      .innerJoin(customers, eq(customers.id, paymentAttempts.customerId))
      .where(where)
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(paymentAttempts).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    rows: rows.map((row) => {
      const refundState = refundStateOf(row.refundState);
      const reason: UnorderedReason = refundState ? "refund" : "amount-mismatch";
      return {
        merchantOrderId: row.merchantOrderId,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        customer: `${row.firstname} ${row.lastname}`,
        email: row.email,
        mobile: row.mobile,
        amount: row.amount,
        reason,
        refund: refundState
          ? { state: refundState, amount: row.refundAmount ?? row.amount, refundId: row.refundId }
          : null,
      };
    }),
    total,
    page,
    pages: pageCount(total, ORDERS_PAGE_SIZE),
  };
}
