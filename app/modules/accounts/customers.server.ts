import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers } from "~/db/schema";
import type { ProfileValues, SignupValues } from "~/lib/forms/accounts";
import { hashPassword, needsRehash, verifyPassword } from "./password.server";
import type { SessionCustomer } from "./session.server";

export const EMAIL_TAKEN = "User Already Exists";
export const BAD_CREDENTIALS = "Invalid email or password";

const publicColumns = {
  id: customers.id,
  firstname: customers.firstname,
  lastname: customers.lastname,
  email: customers.email,
  mobile: customers.mobile,
};

/** Postgres reports a broken unique constraint as 23505, whichever driver carries it. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if (typeof cause === "object" && cause !== null && (cause as { code?: unknown }).code === "23505")
      return true;
  }
  return false;
}

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

/** The customer whose e-mail and password these are, or null. Old-cost hashes are upgraded on the way. */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
): Promise<SessionCustomer | null> {
  const [row] = await db
    .select({ ...publicColumns, passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.email, email.toLowerCase()))
    .limit(1);
  if (!row) {
    // Spend the same time as a real check, so response times do not tell which e-mails have accounts.
    await verifyPassword(password, DUMMY_HASH);
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

const DUMMY_HASH = await hashPassword("not-a-real-password");

export async function findCustomerByEmail(db: Database, email: string): Promise<SessionCustomer | null> {
  const [row] = await db
    .select(publicColumns)
    .from(customers)
    .where(eq(customers.email, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function getCustomer(db: Database, id: number): Promise<SessionCustomer | null> {
  const [row] = await db.select(publicColumns).from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

export type ProfileResult = { ok: true; customer: SessionCustomer } | { ok: false; emailTaken: true };

/** Updates a customer's own details; an e-mail that belongs to another customer is refused. */
export async function updateProfile(db: Database, id: number, values: ProfileValues): Promise<ProfileResult> {
  const email = values.email.toLowerCase();
  const [other] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, email), ne(customers.id, id)))
    .limit(1);
  if (other) return { ok: false, emailTaken: true };
  try {
    const [customer] = await db
      .update(customers)
      .set({ ...values, email, updatedAt: new Date() })
      .where(eq(customers.id, id))
      .returning(publicColumns);
    if (!customer) throw new Error(`Customer ${id} vanished during a profile update`);
    return { ok: true, customer };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, emailTaken: true };
    throw error;
  }
}

/** Sets a new password (after a reset). */
export async function setPassword(db: Database, id: number, password: string): Promise<void> {
  await db
    .update(customers)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(customers.id, id));
}
