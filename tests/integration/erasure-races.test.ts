import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, paymentAttempts } from "~/db/schema";
import { eraseAccount } from "~/features/accounts/index.server";
import { addToCart } from "~/features/lists/index.server";
import { createPaymentAttempt } from "~/features/orders/index.server";
import { databaseKind, openTestDatabase, raceTest, type TestDatabase } from "./support/database";
import { insertProduct, type ProductRow, STANDARD_SHIPPING, signUpCustomer } from "./support/fixtures";

/*
 * An account erased at the moment its owner starts a payment in another tab: either the erasure comes first
 * and no payment is started for the erased account, or the payment comes first and the erasure is refused
 * (it is still open). Never an erased account with a payment waiting at PhonePe.
 */

const address = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};

let database: TestDatabase;
let laptop: ProductRow;
const noMail = { send: async () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
  laptop = await insertProduct(database.db, { discountedPrice: 45_000_00, quantity: 1000 });
});

afterAll(async () => {
  await database?.drop();
});

async function customerWithCart() {
  const { customer, values } = await signUpCustomer(database.db);
  await addToCart(database.db, customer.id, { productId: laptop.id, colourId: laptop.colourId, quantity: 1 });
  return { id: customer.id, password: values.password };
}

describe(`erasure against a payment started at the same moment (${databaseKind})`, () => {
  it("starts no payment for an account erased after its cart was read", async () => {
    const customer = await customerWithCart();
    // The erasure's commit as a payment's start sees it between reading the cart and writing the attempt:
    // the cart still there, the account already erased.
    await database.db.update(customers).set({ deletedAt: new Date() }).where(eq(customers.id, customer.id));
    expect(await createPaymentAttempt(database.db, customer.id, address, STANDARD_SHIPPING)).toEqual({
      problem: "empty",
    });
    const attempts = await database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.customerId, customer.id));
    expect(attempts).toEqual([]);
  });

  raceTest(
    "never leaves an erased account with a payment waiting, whichever comes first",
    async () => {
      for (let round = 0; round < 10; round++) {
        const customer = await customerWithCart();
        const [erasure, attempt] = await Promise.all([
          eraseAccount(database.db, customer.id, customer.password, noMail),
          createPaymentAttempt(database.db, customer.id, address, STANDARD_SHIPPING),
        ]);
        const [row] = await database.db.select().from(customers).where(eq(customers.id, customer.id));
        const waiting = await database.db
          .select()
          .from(paymentAttempts)
          .where(eq(paymentAttempts.customerId, customer.id));
        if (row?.deletedAt) {
          expect(erasure).toEqual({ ok: true });
          expect(waiting).toEqual([]);
        } else {
          expect(erasure).toMatchObject({ ok: false, problem: "stillOpen" });
          expect(attempt).toHaveProperty("merchantOrderId");
          expect(waiting).toHaveLength(1);
        }
      }
    },
    // Ten rounds take about 18 s on an idle 2-core machine; a loaded one took over 60 s.
    120_000,
  );
});
