import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { colours, customers, productColours, products } from "~/db/schema";
import { createCustomer } from "~/features/accounts/index.server";
import { searchColumns } from "~/features/catalogue/index.server";
import type { ChosenShipping } from "~/features/orders";

/*
 * The customers and products the integration tests start from. Every call makes a new one (unique e-mail,
 * unique title), so tests in one file never trip over each other's rows; overrides set what a test is about.
 */

let sequence = 0;
const next = () => ++sequence;

export type CustomerRow = typeof customers.$inferSelect;

/**
 * A customer stored straight in the database, with no usable password: for tests that need someone to own a
 * cart, an order or a session, not someone who signs in.
 */
export async function insertCustomer(
  db: Database,
  overrides: Partial<typeof customers.$inferInsert> = {},
): Promise<CustomerRow> {
  const n = next();
  const [row] = await db
    .insert(customers)
    .values({
      firstname: "Asha",
      lastname: "Rao",
      email: `customer${n}@example.in`,
      mobile: "9845012345",
      passwordHash: "not-a-real-hash",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("the customer was not stored");
  return row;
}

export type SignupValues = Parameters<typeof createCustomer>[1];

/** What the sign-up form sends for a new customer, with a unique e-mail. */
export function signupValues(overrides: Partial<SignupValues> = {}): SignupValues {
  const n = next();
  return {
    firstname: "Asha",
    lastname: "Rao",
    email: `asha${n}@example.in`,
    mobile: "9845012345",
    password: "correct horse battery",
    ...overrides,
  };
}

/** A customer signed up the way the shop signs one up (hashed password): the values typed, and the account. */
export async function signUpCustomer(db: Database, overrides: Partial<SignupValues> = {}) {
  const values = signupValues(overrides);
  const created = await createCustomer(db, values);
  if (!created.ok) throw new Error(`sign-up failed for ${values.email}`);
  return { values, customer: created.customer };
}

export type ProductRow = typeof products.$inferSelect & {
  /** The colour the product comes in, for adding it to a cart. */
  colourId: number;
};

/** The colour every fixture product comes in (one of the seed's, so a seeded database already has it). */
const BLACK = { name: "Black", value: "#111111" };

/**
 * A product in stock, in black, with the given fields. Prices are in paise; the MRP defaults to 10% over the
 * offer price.
 */
export async function insertProduct(
  db: Database,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<ProductRow> {
  const n = next();
  const discountedPrice = overrides.discountedPrice ?? 50_000_00;
  const values = {
    title: `Test Laptop ${n}`,
    description: "<p>A laptop made for a test.</p>",
    brand: "Lenovo",
    category: "Laptops",
    productType: "new" as const,
    tags: [],
    images: [{ url: `/images/products/test-${n}.svg` }],
    discountedPrice,
    originalPrice: Math.round(discountedPrice * 1.1),
    quantity: 10,
    ...overrides,
  };
  const [row] = await db
    .insert(products)
    .values({ ...values, ...searchColumns(values) })
    .returning();
  if (!row) throw new Error("the product was not stored");
  await db.insert(colours).values(BLACK).onConflictDoNothing();
  const [colour] = await db.select({ id: colours.id }).from(colours).where(eq(colours.value, BLACK.value));
  if (!colour) throw new Error("no black colour");
  await db.insert(productColours).values({ productId: row.id, colourId: colour.id });
  return { ...row, colourId: colour.id };
}

/** Standard shipping at the rules' fee, as the checkout prices it (the promised day is whichever business day comes). */
export const STANDARD_SHIPPING: ChosenShipping = {
  method: "Standard",
  fee: 10_000,
  promisedBy: "2026-12-04",
};
