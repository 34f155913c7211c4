import { and, eq, isNull, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, passwordResetTokens, type ShippingAddress } from "~/db/schema";
import type { BusinessBuyer } from "~/features/orders";
import { readShopContact } from "~/features/settings/index.server";
import { describeError, isUniqueViolation } from "~/lib/errors.server";
import type { MailMessage } from "~/lib/mail.server";
import { hashPassword, NOBODY_HASH, needsRehash, verifyPassword } from "~/lib/password.server";
import { checkLimit, clearHits, rateLimits, recordHit } from "~/lib/rate-limit.server";
import { contactChangedMail } from "./mail.server";
import type { ProfileValues, SignupValues } from "./schemas";
import { endOtherSessions, type SessionCustomer } from "./session.server";

const publicColumns = {
  id: customers.id,
  firstname: customers.firstname,
  lastname: customers.lastname,
  email: customers.email,
  mobile: customers.mobile,
};

export type SignupResult = { ok: true; customer: SessionCustomer } | { ok: false; emailTaken: true };

/** Creates an account; a taken e-mail (whatever its case) is reported, not thrown. */
export async function createCustomer(
  db: Database,
  values: Omit<SignupValues, "redirectTo">,
): Promise<SignupResult> {
  const passwordHash = await hashPassword(values.password);
  try {
    const [customer] = await db
      .insert(customers)
      .values({
        firstname: values.firstname,
        lastname: values.lastname,
        email: values.email.toLowerCase(),
        mobile: values.mobile,
        passwordHash,
      })
      .returning(publicColumns);
    if (!customer) throw new Error("The new customer row was not returned");
    return { ok: true, customer };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, emailTaken: true };
    throw error;
  }
}

/**
 * The customer whose e-mail and password these are, or null. Old-cost hashes are upgraded on the way. An erased
 * account never signs in: its e-mail cannot be typed and its hash verifies nothing, and it is left out here too.
 */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
): Promise<SessionCustomer | null> {
  const [row] = await db
    .select({ ...publicColumns, passwordHash: customers.passwordHash })
    .from(customers)
    .where(and(eq(customers.email, email.toLowerCase()), isNull(customers.deletedAt)))
    .limit(1);
  if (!row) {
    // Spend the same time as a real check, so response times do not tell which e-mails have accounts.
    await verifyPassword(password, NOBODY_HASH);
    return null;
  }
  const { passwordHash, ...customer } = row;
  if (!(await verifyPassword(password, passwordHash))) return null;
  if (needsRehash(passwordHash)) {
    await db
      .update(customers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(customers.id, customer.id));
  }
  return customer;
}

export async function findCustomerByEmail(db: Database, email: string): Promise<SessionCustomer | null> {
  const [row] = await db
    .select(publicColumns)
    .from(customers)
    .where(and(eq(customers.email, email.toLowerCase()), isNull(customers.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function getCustomer(db: Database, id: number): Promise<SessionCustomer | null> {
  const [row] = await db
    .select(publicColumns)
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)))
    .limit(1);
  return row ?? null;
}

export type ProfileResult =
  | { ok: true; customer: SessionCustomer; contactChanged: boolean }
  | { ok: false; problem: "emailTaken" | "passwordRequired" | "wrongPassword" }
  | { ok: false; problem: "tooManyAttempts"; retryAfterMinutes: number };

export type ProfileChangeOptions = {
  /** The request that asks for the change: its session stays signed in when the others are revoked. */
  request: Request;
  /** Which session that is: the page's cookie (the default), or the JSON API's bearer token. */
  session?: "cookie" | "api";
  /** The shop's public address, for the forgot-password link in the notice. */
  baseUrl: string;
  /** Sends the notice of a changed e-mail or mobile number (to the old address), once the change is saved. */
  send: (message: MailMessage) => Promise<unknown>;
  now?: Date;
};

/** A save that found the row changed since it was read is tried again, this many times in all. */
const PROFILE_SAVE_ATTEMPTS = 3;

/**
 * Updates a customer's own details. Changing the e-mail or mobile number needs the current password
 * (wrong ones are limited per account by rateLimits.loginFailures); names do not. An e-mail that
 * belongs to another customer is refused. When the e-mail or mobile changes, the customer's other sessions
 * and every open reset link are revoked in the same transaction, and a notice goes to the old address.
 *
 * The password is checked outside the transaction (scrypt is slow, and PGlite runs one transaction at a
 * time), so the update applies only if the row still holds what was checked; otherwise it starts again.
 */
export async function updateProfile(
  db: Database,
  id: number,
  values: ProfileValues,
  { request, session = "cookie", baseUrl, send, now = new Date() }: ProfileChangeOptions,
): Promise<ProfileResult> {
  const { currentPassword, ...details } = values;
  const email = details.email.toLowerCase();
  for (let attempt = 1; ; attempt++) {
    const [before] = await db
      .select({ ...publicColumns, passwordHash: customers.passwordHash })
      .from(customers)
      .where(eq(customers.id, id))
      .limit(1);
    if (!before) throw new Error(`Customer ${id} vanished during a profile update`);
    const emailChanged = email !== before.email;
    const mobileChanged = details.mobile !== before.mobile;
    const contactChanged = emailChanged || mobileChanged;

    if (contactChanged) {
      if (!currentPassword) return { ok: false, problem: "passwordRequired" };
      const limit = await checkLimit(db, rateLimits.loginFailures, before.email, now);
      if (limit.limited) {
        return { ok: false, problem: "tooManyAttempts", retryAfterMinutes: limit.retryAfterMinutes };
      }
      if (!(await verifyPassword(currentPassword, before.passwordHash))) {
        await recordHit(db, rateLimits.loginFailures, before.email, now);
        return { ok: false, problem: "wrongPassword" };
      }
    }
    if (emailChanged) {
      const [other] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.email, email), ne(customers.id, id)))
        .limit(1);
      if (other) return { ok: false, problem: "emailTaken" };
    }

    let customer: SessionCustomer | undefined;
    try {
      customer = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(customers)
          .set({
            firstname: details.firstname,
            lastname: details.lastname,
            email,
            mobile: details.mobile,
            updatedAt: now,
          })
          .where(
            and(
              eq(customers.id, id),
              eq(customers.email, before.email),
              eq(customers.mobile, before.mobile),
              eq(customers.passwordHash, before.passwordHash),
            ),
          )
          .returning(publicColumns);
        if (updated && contactChanged) {
          await endOtherSessions(tx, id, request, session);
          await revokeResetTokens(tx, id, now);
        }
        return updated;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: false, problem: "emailTaken" };
      throw error;
    }
    if (!customer) {
      // Another request changed the e-mail, mobile or password in between: decide again on the fresh row.
      if (attempt >= PROFILE_SAVE_ATTEMPTS)
        throw new Error(`Customer ${id} kept changing during a profile update`);
      continue;
    }

    if (contactChanged) {
      await clearHits(db, rateLimits.loginFailures, before.email);
      try {
        await send(
          contactChangedMail({
            to: before.email,
            firstname: customer.firstname,
            changed: {
              email: emailChanged ? email : undefined,
              mobile: mobileChanged ? details.mobile : undefined,
            },
            changedAt: now,
            forgotPasswordUrl: new URL("/forgot-password", baseUrl).toString(),
            contact: await readShopContact(db),
          }),
        );
      } catch (error) {
        // The change is saved; a notice that could not go out must not make it look as if it failed.
        console.error(
          `Could not send the notice of a changed email or mobile number: ${describeError(error)}`,
        );
      }
    }
    return { ok: true, customer, contactChanged };
  }
}

/** Marks every unused reset link of a customer used (after a reset, or a changed e-mail or mobile number). */
export async function revokeResetTokens(db: Database, customerId: number, now = new Date()): Promise<number> {
  const revoked = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.customerId, customerId), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return revoked.length;
}

/** Stores a new password's hash (after a reset; hashPassword makes it). */
export async function setPasswordHash(
  db: Database,
  id: number,
  passwordHash: string,
  now = new Date(),
): Promise<void> {
  await db.update(customers).set({ passwordHash, updatedAt: now }).where(eq(customers.id, id));
}

/** The shipping address the customer last used at checkout (kept until an order completes), or null. */
export async function savedAddress(db: Database, customerId: number): Promise<ShippingAddress | null> {
  const [row] = await db
    .select({ address: customers.savedAddress })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.address ?? null;
}

/** Keeps the address typed at checkout, so the form is filled in when the shopper comes back. */
export async function saveAddress(db: Database, customerId: number, address: ShippingAddress): Promise<void> {
  await db.update(customers).set({ savedAddress: address }).where(eq(customers.id, customerId));
}

/**
 * Keeps the business a customer bought for (GSTIN and name) on their profile for the next checkout; an order
 * placed without one clears it, as the shopper emptied the field.
 */
export async function saveBusinessBuyer(
  db: Database,
  customerId: number,
  business: BusinessBuyer | null,
): Promise<void> {
  await db
    .update(customers)
    .set({ businessGstin: business?.gstin ?? null, businessName: business?.name ?? null })
    .where(eq(customers.id, customerId));
}

/** The business the customer last bought for, to fill the checkout's GSTIN fields. */
export async function savedBusinessBuyer(db: Database, customerId: number): Promise<BusinessBuyer | null> {
  const [row] = await db
    .select({ gstin: customers.businessGstin, name: customers.businessName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.gstin && row.name ? { gstin: row.gstin, name: row.name } : null;
}
