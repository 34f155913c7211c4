// A customer's own data, as the download on My Profile hands it over (the Digital Personal Data Protection
// Act, 2023): everything the shop keeps about them, and nothing of anyone else's.
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  cartItems,
  colours,
  customers,
  enquiries,
  enquiryReplies,
  newsletterSubscribers,
  orderItems,
  orders,
  paymentAttempts,
  products,
  ratings,
  type ShippingAddress,
  taxDocuments,
  wishlistItems,
} from "~/db/schema";
import { customerRentalData } from "~/features/rentals/index.server";
import { shop } from "~/lib/shop";

/** Paise as rupees, the unit the file states. */
const rupees = (paise: number) => paise / 100;

export type CustomerData = {
  about: string;
  exportedAt: string;
  amountsIn: "rupees";
  profile: {
    firstname: string;
    lastname: string;
    email: string;
    mobile: string;
    savedAddress: ShippingAddress | null;
    business: { gstin: string | null; name: string | null } | null;
    createdAt: string;
  };
  orders: {
    id: number;
    placedAt: string;
    status: string;
    paymentMethod: string;
    /** The payment's reference at PhonePe (or the shop's, for cash), as the customer's receipt shows it. */
    paymentReference: string;
    shippingMethod: string;
    promisedBy: string | null;
    totalAtMrp: number;
    paid: number;
    shippingFee: number;
    cashOnDeliveryFee: number;
    cashCollected: number | null;
    cashCollectedAt: string | null;
    business: { gstin: string; name: string | null } | null;
    shippingAddress: ShippingAddress;
    courier: string | null;
    trackingNumber: string | null;
    items: { title: string; colour: string; quantity: number; unitPrice: number; mrp: number }[];
    taxDocuments: { kind: string; number: string; issuedOn: string }[];
  }[];
  reviews: { productId: number; product: string; stars: number; comment: string; writtenAt: string }[];
  wishlist: { productId: number; product: string; addedAt: string }[];
  cart: { productId: number; product: string; colour: string; quantity: number; unitPrice: number }[];
  enquiries: {
    sentAt: string;
    name: string;
    email: string;
    mobile: string;
    comment: string;
    status: string;
    replies: { sentAt: string; text: string }[];
  }[];
  newsletter: { subscribed: boolean; subscribedAt: string | null; unsubscribedAt: string | null };
  /** Rental bookings, with which identity documents are kept (decision 0043). */
  rentals: Awaited<ReturnType<typeof customerRentalData>>;
};

/**
 * Everything the shop keeps about customer `customerId`: profile, orders (items, totals, status, the shipping
 * address as stored, payment method and reference; none of PhonePe's answers), reviews, wishlist, cart,
 * enquiries sent from the account's e-mail address and the newsletter subscription. No password hash, no
 * session. Null for an unknown or erased customer.
 */
export async function customerData(
  db: Database,
  customerId: number,
  now = new Date(),
): Promise<CustomerData | null> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  if (!customer || customer.deletedAt !== null) return null;
  // The contact form and the newsletter box know the address as typed: matched whatever its case.
  const email = customer.email.toLowerCase();

  const [orderRows, reviewRows, wishRows, cartRows, enquiryRows, [subscription]] = await Promise.all([
    db
      .select({
        order: orders,
        paymentReference: paymentAttempts.merchantOrderId,
      })
      .from(orders)
      .innerJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    db
      .select({
        productId: ratings.productId,
        product: products.title,
        stars: ratings.star,
        comment: ratings.comment,
        writtenAt: ratings.createdAt,
      })
      .from(ratings)
      .innerJoin(products, eq(products.id, ratings.productId))
      .where(eq(ratings.customerId, customerId))
      .orderBy(desc(ratings.createdAt)),
    db
      .select({
        productId: wishlistItems.productId,
        product: products.title,
        addedAt: wishlistItems.createdAt,
      })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(eq(wishlistItems.customerId, customerId))
      .orderBy(desc(wishlistItems.createdAt)),
    db
      .select({
        productId: cartItems.productId,
        product: products.title,
        colour: colours.name,
        quantity: cartItems.quantity,
        unitPrice: cartItems.unitPrice,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .innerJoin(colours, eq(colours.id, cartItems.colourId))
      .where(eq(cartItems.customerId, customerId))
      .orderBy(asc(cartItems.id)),
    db
      .select()
      .from(enquiries)
      .where(eq(sql`lower(${enquiries.email})`, email))
      .orderBy(asc(enquiries.createdAt), asc(enquiries.id)),
    db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).limit(1),
  ]);

  const orderIds = orderRows.map((row) => row.order.id);
  const enquiryIds = enquiryRows.map((row) => row.id);
  const [itemRows, documentRows, replyRows] = await Promise.all([
    orderIds.length > 0
      ? db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id))
      : [],
    orderIds.length > 0
      ? db
          .select({
            orderId: taxDocuments.orderId,
            kind: taxDocuments.kind,
            number: taxDocuments.number,
            issuedOn: taxDocuments.issuedOn,
          })
          .from(taxDocuments)
          .where(inArray(taxDocuments.orderId, orderIds))
          .orderBy(asc(taxDocuments.id))
      : [],
    enquiryIds.length > 0
      ? db
          .select({
            enquiryId: enquiryReplies.enquiryId,
            body: enquiryReplies.body,
            sentAt: enquiryReplies.createdAt,
          })
          .from(enquiryReplies)
          .where(inArray(enquiryReplies.enquiryId, enquiryIds))
          .orderBy(asc(enquiryReplies.id))
      : [],
  ]);

  return {
    about: `Everything ${shop.legalName} (${shop.name}) keeps about your account, as of the time below.`,
    exportedAt: now.toISOString(),
    amountsIn: "rupees",
    profile: {
      firstname: customer.firstname,
      lastname: customer.lastname,
      email: customer.email,
      mobile: customer.mobile,
      savedAddress: customer.savedAddress,
      business:
        customer.businessGstin || customer.businessName
          ? { gstin: customer.businessGstin, name: customer.businessName }
          : null,
      createdAt: customer.createdAt.toISOString(),
    },
    orders: orderRows.map(({ order, paymentReference }) => ({
      id: order.id,
      placedAt: order.createdAt.toISOString(),
      status: order.status,
      paymentMethod: order.paymentMethod,
      paymentReference,
      shippingMethod: order.shippingMethod,
      promisedBy: order.promisedBy,
      totalAtMrp: rupees(order.totalPrice),
      paid: rupees(order.totalPriceAfterDiscount),
      shippingFee: rupees(order.shippingFee),
      cashOnDeliveryFee: rupees(order.codFee),
      cashCollected: order.cashCollected === null ? null : rupees(order.cashCollected),
      cashCollectedAt: order.cashCollectedAt?.toISOString() ?? null,
      business: order.buyerGstin ? { gstin: order.buyerGstin, name: order.buyerBusinessName } : null,
      shippingAddress: order.shippingInfo,
      courier: order.courier,
      trackingNumber: order.trackingNumber,
      items: itemRows
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          title: item.title,
          colour: item.colourName,
          quantity: item.quantity,
          unitPrice: rupees(item.unitPrice),
          mrp: rupees(item.originalPrice),
        })),
      taxDocuments: documentRows
        .filter((document) => document.orderId === order.id)
        .map(({ kind, number, issuedOn }) => ({ kind, number, issuedOn })),
    })),
    reviews: reviewRows.map((review) => ({ ...review, writtenAt: review.writtenAt.toISOString() })),
    wishlist: wishRows.map((wish) => ({ ...wish, addedAt: wish.addedAt.toISOString() })),
    cart: cartRows.map((line) => ({ ...line, unitPrice: rupees(line.unitPrice) })),
    enquiries: enquiryRows.map((enquiry) => ({
      sentAt: enquiry.createdAt.toISOString(),
      name: enquiry.name,
      email: enquiry.email,
      mobile: enquiry.mobile,
      comment: enquiry.comment,
      status: enquiry.status,
      replies: replyRows
        .filter((reply) => reply.enquiryId === enquiry.id)
        .map((reply) => ({ sentAt: reply.sentAt.toISOString(), text: reply.body })),
    })),
    rentals: await customerRentalData(db, customerId),
    newsletter: {
      subscribed: subscription !== undefined && subscription.unsubscribedAt === null,
      subscribedAt: subscription?.createdAt.toISOString() ?? null,
      unsubscribedAt: subscription?.unsubscribedAt?.toISOString() ?? null,
    },
  };
}

/** The download's file name: the shop and the day, e.g. "kaveri-computers-my-data-2026-11-27.json". */
export function customerDataFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(now);
  return `${shop.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-my-data-${day}.json`;
}

/** The download as an answer: a JSON attachment no cache keeps. */
export function customerDataResponse(data: CustomerData, now = new Date()): Response {
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${customerDataFileName(now)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
