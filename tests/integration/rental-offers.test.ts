import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, orders, paymentAttempts, products, rentalOffers, rentalPlans } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { seedProducts } from "~/db/seed-data";
import { seedRentalOffers } from "~/db/seed-rentals";
import { addToCart, cartLines } from "~/features/lists/index.server";
import { createPaymentAttempt, placeCashOrder } from "~/features/orders/index.server";
import { lowestRent } from "~/features/rentals";
import { readRentalOffer, writeRentalOffer } from "~/features/rentals/index.server";
import { databaseKind, openTestDatabase, refusal, type TestDatabase } from "./support/database";
import { insertCustomer, insertProduct, type ProductRow, STANDARD_SHIPPING } from "./support/fixtures";

/*
 * A rental product's offer as data (decision 0043): the seed's rentals have their plans and deposits, an
 * existing shop's get them from migration 0020, the price columns read the rents, and the database refuses an
 * offer no dealer could mean.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
});

afterAll(async () => {
  await database?.drop();
});

/** Migration 0020, statement by statement as the migrator runs it, on a shop already migrated. */
async function runMigration0020() {
  const migration = readFileSync(
    new URL("../../app/db/migrations/0020_seed_rental_offers.sql", import.meta.url),
    "utf8",
  );
  for (const statement of migration.split("--> statement-breakpoint")) {
    await database.db.execute(sql.raw(statement));
  }
}

/** The seed's events laptops before rentals were monthly plans. */
const EVENTS_TITLE =
  "Laptops on Rent for Events, Exams and Training (per day) - Core i5, 8GB RAM, Windows 11, bulk orders";
const EVENTS_DESCRIPTION =
  "<p>Need 20 or 200 laptops for a hackathon, online exam centre, conference or corporate training at a Whitefield hotel? We deliver, image every machine with your software, and collect them after the event.</p><ul><li>Configuration: Intel Core i5 (8th Gen or newer), 8GB RAM, 256GB SSD</li><li>Display: 14 or 15.6 inch</li><li>Software pre-loaded to your list at no extra cost for orders of 10+</li><li>On-site technician available for full-day events</li><li>Wi-Fi routers and projectors also available on rent</li></ul><p><strong>Price is per laptop per day.</strong> Minimum order 5 laptops. Deposit waived for registered companies with a purchase order.</p>";

/** Where the cart's orders go. */
const bengaluru = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};

const idOf = async (title: string) =>
  (await database.db.select({ id: products.id }).from(products).where(eq(products.title, title)))[0]?.id ?? 0;

describe(`rental offers (${databaseKind})`, () => {
  it("give every seed rental its plans and deposit, its prices from its rents, no deposit in its prose", async () => {
    const rentals = seedProducts.filter((product) => product.productType === "rental");
    expect(rentals.length).toBe(7);
    for (const rental of rentals) {
      const offer = await readRentalOffer(database.db, await idOf(rental.title));
      expect(offer, rental.title).toEqual(seedRentalOffers[rental.title]);
      expect(rental.description).not.toMatch(/deposit:/i);
    }
    const dell = "Dell Latitude 3440 Core i5 12th Gen Laptop on Rent (per month)";
    const [row] = await database.db.select().from(products).where(eq(products.title, dell));
    expect(row?.discountedPrice).toBe(1_899_00);
    expect(row?.originalPrice).toBe(2_799_00);
    expect((await readRentalOffer(database.db, await idOf(dell)))?.deposit).toBe(10_000_00);
  });

  it("are given by migration 0020 to an existing shop's seed rentals, with the seed's prices and prose", async () => {
    const title = "Apple MacBook Air M1 on Rent (per month) - 8GB, 256GB";
    const seed = seedProducts.find((product) => product.title === title);
    const oldDescription = `${seed?.description.replace(
      "<h3>Rental service</h3><ul>",
      "<h3>Rental terms</h3><ul><li>Price shown is the monthly rent; GST extra as applicable</li><li>Minimum rental period: 1 month; longer terms get lower rates</li><li>Refundable security deposit collected at delivery (see below)</li>",
    )}<p><strong>Security deposit:</strong> ₹20,000, refunded on return.</p>`;
    const older = await insertProduct(database.db, {
      title,
      productType: "rental",
      description: oldDescription,
      originalPrice: 4_999_00,
      discountedPrice: 4_499_00,
    });
    const sold = await insertProduct(database.db, { title, productType: "new" });
    await runMigration0020();

    expect(await readRentalOffer(database.db, older.id)).toEqual(seedRentalOffers[title]);
    expect(
      await readRentalOffer(database.db, sold.id),
      "a product sold, not rented, gets none",
    ).toBeUndefined();
    const [row] = await database.db.select().from(products).where(eq(products.id, older.id));
    expect(row?.description).toBe(seed?.description);
    expect(row?.discountedPrice).toBe(lowestRent(seedRentalOffers[title] ?? { plans: [] }));
  });

  it("turn an untouched copy of the seed's per-day events laptops into the monthly training-lab rental", async () => {
    const training = seedProducts.find((product) => product.title.startsWith("Laptops on Rent for Training"));
    const events = await insertProduct(database.db, {
      title: EVENTS_TITLE,
      description: EVENTS_DESCRIPTION,
      productType: "rental",
    });
    const edited = await insertProduct(database.db, {
      title: EVENTS_TITLE,
      description: "<p>The dealer's own words.</p>",
      productType: "rental",
    });
    await runMigration0020();
    const [row] = await database.db.select().from(products).where(eq(products.id, events.id));
    expect(row?.title).toBe(training?.title);
    expect(row?.description).toBe(training?.description);
    expect(await readRentalOffer(database.db, events.id)).toEqual(seedRentalOffers[training?.title ?? ""]);
    expect(
      await readRentalOffer(database.db, edited.id),
      "what the dealer rewrote is left to the dealer",
    ).toBeUndefined();
  });

  it("write a new offer in place of the old, and its rents into the price columns", async () => {
    const rental = await insertProduct(database.db, { productType: "rental" });
    await database.db.transaction((tx) =>
      writeRentalOffer(tx, rental.id, {
        deposit: 5_000_00,
        minimumMonths: 3,
        earlyClosure: "fee",
        closureFeeMonths: 1,
        plans: [
          { months: 12, monthlyRent: 900_00 },
          { months: 3, monthlyRent: 1_200_00 },
        ],
      }),
    );
    expect(await readRentalOffer(database.db, rental.id)).toEqual({
      deposit: 5_000_00,
      minimumMonths: 3,
      earlyClosure: "fee",
      closureFeeMonths: 1,
      plans: [
        { months: 3, monthlyRent: 1_200_00 },
        { months: 12, monthlyRent: 900_00 },
      ],
    });
    const [row] = await database.db.select().from(products).where(eq(products.id, rental.id));
    expect([row?.originalPrice, row?.discountedPrice]).toEqual([1_200_00, 900_00]);
    await database.db.transaction((tx) => writeRentalOffer(tx, rental.id, undefined));
    expect(await readRentalOffer(database.db, rental.id)).toBeUndefined();
  });

  it("refuse a negative deposit, a fee rule without its months, a plan of 0 months or no rent", async () => {
    const { id } = await insertProduct(database.db, { productType: "rental" });
    const offer = { productId: id, deposit: 0, minimumMonths: 1, earlyClosure: "reprice" as const };
    expect(await refusal(database.db.insert(rentalOffers).values({ ...offer, deposit: -1 }))).toMatch(
      /rental_offers_deposit/,
    );
    expect(
      await refusal(
        database.db.insert(rentalOffers).values({ ...offer, earlyClosure: "fee", closureFeeMonths: 0 }),
      ),
    ).toMatch(/rental_offers_closure_fee/);
    await database.db.insert(rentalOffers).values(offer);
    expect(
      await refusal(database.db.insert(rentalPlans).values({ productId: id, months: 0, monthlyRent: 100 })),
    ).toMatch(/rental_plans_months/);
    expect(
      await refusal(database.db.insert(rentalPlans).values({ productId: id, months: 1, monthlyRent: 0 })),
    ).toMatch(/rental_plans_rent/);
  });

  it("are never put in the cart, and a rental line from before cannot be ordered, online or in cash", async () => {
    const customer = await insertCustomer(database.db);
    // Both cheap: the cash order's ceiling is no reason to refuse either.
    const rental = await insertProduct(database.db, { productType: "rental", discountedPrice: 900_00 });
    const mouse = await insertProduct(database.db, { discountedPrice: 500_00 });
    const line = (product: ProductRow) => ({
      productId: product.id,
      colourId: product.colourId,
      quantity: 1,
    });
    // The same call puts a product for sale in the cart, and refuses the rental.
    expect(await addToCart(database.db, customer.id, line(mouse))).toEqual({ ok: true });
    expect(await addToCart(database.db, customer.id, line(rental))).toEqual({ ok: false, problem: "rental" });
    expect((await cartLines(database.db, customer.id)).map((row) => row.productId)).toEqual([mouse.id]);

    // A rental line put in the cart before rentals were refused there, beside the mouse.
    await database.db.insert(cartItems).values({
      customerId: customer.id,
      ...line(rental),
      unitPrice: rental.discountedPrice,
    });
    expect(await createPaymentAttempt(database.db, customer.id, bengaluru, STANDARD_SHIPPING)).toEqual({
      problem: "unavailable",
      title: rental.title,
    });
    expect(await placeCashOrder(database.db, customer.id, bengaluru, STANDARD_SHIPPING, 0)).toEqual({
      kind: "unavailable",
      title: rental.title,
    });
    const ordersOf = () =>
      database.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customer.id));
    expect(await ordersOf()).toEqual([]);
    expect(
      await database.db
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.customerId, customer.id)),
    ).toEqual([]);

    // Without the rental line, the same cart is ordered.
    await database.db
      .delete(cartItems)
      .where(and(eq(cartItems.customerId, customer.id), eq(cartItems.productId, rental.id)));
    const ordered = await placeCashOrder(database.db, customer.id, bengaluru, STANDARD_SHIPPING, 0);
    expect(ordered).toMatchObject({ kind: "ordered" });
    expect(await ordersOf()).toHaveLength(1);
  });

  it("give a rented computer SAC 997315 by migration 0021, and leave other rentals and the dealer's codes", async () => {
    const laptop = await insertProduct(database.db, { productType: "rental", hsn: "997319" });
    const camera = await insertProduct(database.db, {
      productType: "rental",
      category: "CCTV",
      hsn: "997319",
    });
    const chosen = await insertProduct(database.db, { productType: "rental", hsn: "997314" });
    const migration = readFileSync(
      new URL("../../app/db/migrations/0021_rented_computers_sac.sql", import.meta.url),
      "utf8",
    );
    await database.db.execute(sql.raw(migration));
    const hsnOf = async (id: number) =>
      (await database.db.select({ hsn: products.hsn }).from(products).where(eq(products.id, id)))[0]?.hsn;
    expect(await hsnOf(laptop.id)).toBe("997315");
    expect(await hsnOf(camera.id)).toBe("997319");
    expect(await hsnOf(chosen.id)).toBe("997314");
  });
});
