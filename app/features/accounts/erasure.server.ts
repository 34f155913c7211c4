// Erasing a customer's account on their own request (the Digital Personal Data Protection Act, 2023): the
// rules are in erasure.ts, this is the command that applies them.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  cartItems,
  customers,
  enquiries,
  newsletterSubscribers,
  orders,
  passwordResetTokens,
  paymentAttempts,
  ratings,
  sessions,
  wishlistItems,
} from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { eraseRentalsOf, openRentalsOf } from "~/features/rentals/index.server";
import { readShopContact } from "~/features/settings/index.server";
import { describeError } from "~/lib/errors.server";
import type { MailMessage } from "~/lib/mail.server";
import { verifyPassword } from "~/lib/password.server";
import { checkLimit, clearHits, rateLimits, recordHit } from "~/lib/rate-limit.server";
import { ERASED, erasedEmail, openDealingsOf } from "./erasure";
import { accountErasedMail } from "./mail.server";
import { personalDataMessages } from "./messages";

/** Who the audit trail says erased the account: the customer, with no staff member and no personal data. */
export const SELF_SERVICE_ACTOR: Actor = { id: null, name: "Customer (self-service)" };

/**
 * What an erased customer's enquiries keep of their text. The comment is the customer's own words and often
 * holds their name, number or address, so it goes with the rest of their details; the shop's replies
 * (enquiry_replies) are the shop's own words and stay, so the inbox still shows what was answered and when.
 */
export const ERASED_ENQUIRY_COMMENT = "(Erased at the customer's request.)";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The customer's orders and payments that are not finished yet, as the refusal names them (erasure.ts). */
export async function openDealings(db: Database | Tx, customerId: number): Promise<string[]> {
  const [orderRows, attemptRows] = await Promise.all([
    db
      .select({
        id: orders.id,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        cashCollected: orders.cashCollected,
        refundState: paymentAttempts.refundState,
      })
      .from(orders)
      .innerJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
      .where(eq(orders.customerId, customerId))
      .orderBy(orders.id),
    db
      .select({
        merchantOrderId: paymentAttempts.merchantOrderId,
        status: paymentAttempts.status,
        refundState: paymentAttempts.refundState,
      })
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.customerId, customerId),
          sql`NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.paymentAttemptId} = ${paymentAttempts.id})`,
        ),
      )
      .orderBy(paymentAttempts.id),
  ]);
  return [...openDealingsOf(orderRows, attemptRows), ...(await openRentalsOf(db, customerId))];
}

export type ErasureResult =
  | { ok: true }
  | { ok: false; problem: "wrongPassword" | "alreadyErased" }
  | { ok: false; problem: "tooManyAttempts"; retryAfterMinutes: number }
  | { ok: false; problem: "stillOpen"; open: string[] };

export type ErasureOptions = {
  /** Sends the confirmation to the old address, once the erasure is committed. */
  send: (message: MailMessage) => Promise<unknown>;
  now?: Date;
};

/** A save that found the row changed since it was read is tried again, this many times in all. */
const ERASURE_ATTEMPTS = 3;

/**
 * Erases the customer's account, confirmed with their current password (wrong ones are limited per account by
 * rateLimits.loginFailures, as on the profile form). Refused, with nothing changed, while an order or payment
 * is still open (openDealingsOf). Otherwise, in one transaction: every session and reset link ends; the
 * customers row stays (orders and tax documents point at it) with its details replaced (ERASED) and deleted_at
 * set; cart, wishlist and newsletter subscription are deleted; enquiries sent from the address are anonymised;
 * reviews stay, shown as a former customer's; and the audit trail notes it without personal data. Orders,
 * their items, payments and tax documents are not touched: they are the GST law's record, printed names and
 * addresses included. The confirmation mail goes to the old address after the commit.
 *
 * The password is checked outside the transaction (scrypt is slow, and PGlite runs one transaction at a time),
 * so the erasure applies only if the row still holds the hash that was checked; otherwise it starts again.
 */
export async function eraseAccount(
  db: Database,
  customerId: number,
  currentPassword: string,
  { send, now = new Date() }: ErasureOptions,
): Promise<ErasureResult> {
  for (let attempt = 1; ; attempt++) {
    const [before] = await db
      .select({
        email: customers.email,
        firstname: customers.firstname,
        passwordHash: customers.passwordHash,
        deletedAt: customers.deletedAt,
      })
      .from(customers)
      .where(eq(customers.id, customerId))
      .limit(1);
    if (!before || before.deletedAt !== null) return { ok: false, problem: "alreadyErased" };

    const limit = await checkLimit(db, rateLimits.loginFailures, before.email, now);
    if (limit.limited) {
      return { ok: false, problem: "tooManyAttempts", retryAfterMinutes: limit.retryAfterMinutes };
    }
    if (!(await verifyPassword(currentPassword, before.passwordHash))) {
      await recordHit(db, rateLimits.loginFailures, before.email, now);
      return { ok: false, problem: "wrongPassword" };
    }

    const outcome = await db.transaction(async (tx): Promise<ErasureResult | "changed"> => {
      // The row is locked, so no other change to the account slips in between the check and the erasure.
      const [locked] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(
          and(
            eq(customers.id, customerId),
            eq(customers.passwordHash, before.passwordHash),
            eq(customers.email, before.email),
            isNull(customers.deletedAt),
          ),
        )
        .for("update");
      if (!locked) return "changed";
      const open = await openDealings(tx, customerId);
      if (open.length > 0) return { ok: false, problem: "stillOpen", open };

      await tx.delete(sessions).where(eq(sessions.customerId, customerId));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.customerId, customerId));
      await tx.delete(cartItems).where(eq(cartItems.customerId, customerId));
      await tx.delete(wishlistItems).where(eq(wishlistItems.customerId, customerId));
      await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, before.email));
      const rentals = await eraseRentalsOf(tx, customerId, now);
      // The contact form keeps the address as typed: matched whatever its case.
      const anonymised = await tx
        .update(enquiries)
        .set({
          name: personalDataMessages.deletedCustomer,
          email: erasedEmail(customerId),
          mobile: ERASED.mobile,
          comment: ERASED_ENQUIRY_COMMENT,
        })
        .where(eq(sql`lower(${enquiries.email})`, before.email))
        .returning({ id: enquiries.id });
      // The reviews stay as they are; touching them moves the catalogue's version, so product pages kept
      // per version (and the visitors' page cache) are made again, naming their author a former customer.
      const reviews = await tx
        .update(ratings)
        .set({ updatedAt: sql`${ratings.updatedAt}` })
        .where(eq(ratings.customerId, customerId))
        .returning({ id: ratings.id });
      await tx
        .update(customers)
        .set({
          firstname: ERASED.firstname,
          lastname: ERASED.lastname,
          email: erasedEmail(customerId),
          mobile: ERASED.mobile,
          passwordHash: ERASED.passwordHash,
          savedAddress: null,
          businessGstin: null,
          businessName: null,
          deletedAt: now,
          updatedAt: now,
        })
        .where(eq(customers.id, customerId));
      // Counts only: the trail keeps no name, e-mail or number of the customer.
      await recordAudit(tx, SELF_SERVICE_ACTOR, "customer.erase", `customer ${customerId}`, {
        reviewsKept: reviews.length,
        enquiriesAnonymised: anonymised.length,
        rentalDocumentsDeleted: rentals.documents,
      });
      return { ok: true };
    });
    if (outcome === "changed") {
      // The password or e-mail changed (or another tab erased the account) since it was read: decide again.
      if (attempt >= ERASURE_ATTEMPTS) throw new Error(`Customer ${customerId} kept changing during erasure`);
      continue;
    }
    if (!outcome.ok) return outcome;

    // The failed password checks were counted against the old address: forgotten with it.
    await clearHits(db, rateLimits.loginFailures, before.email);
    try {
      await send(
        accountErasedMail({
          to: before.email,
          firstname: before.firstname,
          erasedAt: now,
          contact: await readShopContact(db),
        }),
      );
    } catch (error) {
      // The account is erased; a confirmation that could not go out must not make it look as if it failed.
      console.error(`Could not send the confirmation of a deleted account: ${describeError(error)}`);
    }
    return outcome;
  }
}
