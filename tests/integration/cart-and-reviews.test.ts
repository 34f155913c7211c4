import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, productColours, products, ratings } from "../../app/db/schema";
import { seedCatalogue } from "../../app/db/seed.server";
import {
  addToCart,
  cartLines,
  cartTotals,
  removeCartLine,
  updateCartQuantity,
} from "../../app/modules/cart/cart.server";
import { productReviews, saveReview } from "../../app/modules/reviews/reviews.server";
import { openTestDatabase, type TestDatabase } from "./support/database";

let database: TestDatabase;
let asha: number;
let ravi: number;
let product: { id: number; price: number; stock: number; colourId: number };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
  const people = await database.db
    .insert(customers)
    .values(
      ["asha", "ravi"].map((name) => ({
        firstname: name,
        lastname: "Rao",
        email: `${name}@example.in`,
        mobile: "9845012345",
        passwordHash: "x",
      })),
    )
    .returning({ id: customers.id });
  [asha, ravi] = people.map((p) => p.id) as [number, number];
  const [row] = await database.db
    .select({
      id: products.id,
      price: products.discountedPrice,
      stock: products.quantity,
      colourId: productColours.colourId,
    })
    .from(products)
    .innerJoin(productColours, eq(productColours.productId, products.id))
    .limit(1);
  if (!row) throw new Error("the seed should hold a product with a colour");
  product = row;
});

afterAll(async () => {
  await database?.drop();
});

const kind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";

describe(`cart (${kind})`, () => {
  it("prices a line from the product, keeps one line per product and refuses more than the stock", async () => {
    expect(
      await addToCart(database.db, asha, { productId: product.id, colourId: product.colourId, quantity: 2 }),
    ).toEqual({
      ok: true,
    });
    expect(
      await addToCart(database.db, asha, { productId: product.id, colourId: product.colourId, quantity: 3 }),
    ).toEqual({
      ok: true,
    });
    const lines = await cartLines(database.db, asha);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 3, unitPrice: product.price });
    expect(await cartTotals(database.db, asha)).toEqual({ lines: 1, total: 3 * product.price });

    await database.db.update(products).set({ quantity: 2 }).where(eq(products.id, product.id));
    expect(
      await addToCart(database.db, asha, { productId: product.id, colourId: product.colourId, quantity: 4 }),
    ).toEqual({
      ok: false,
      problem: "stock",
      stock: 2,
    });
    await database.db.update(products).set({ quantity: product.stock }).where(eq(products.id, product.id));
  });

  it("refuses a colour the product does not come in, and an unknown product", async () => {
    expect(
      await addToCart(database.db, ravi, { productId: product.id, colourId: 999_999, quantity: 1 }),
    ).toEqual({
      ok: false,
      problem: "no-colour",
    });
    expect(
      await addToCart(database.db, ravi, { productId: 999_999, colourId: product.colourId, quantity: 1 }),
    ).toEqual({
      ok: false,
      problem: "no-product",
    });
  });

  it("shows today's price, and lets nobody else touch a customer's line", async () => {
    const [line] = await cartLines(database.db, asha);
    if (!line) throw new Error("asha's cart should have a line");
    await database.db
      .update(products)
      .set({ discountedPrice: product.price - 100 })
      .where(eq(products.id, product.id));
    expect((await cartLines(database.db, asha))[0]?.unitPrice).toBe(product.price - 100);
    await database.db
      .update(products)
      .set({ discountedPrice: product.price })
      .where(eq(products.id, product.id));

    expect(await updateCartQuantity(database.db, ravi, line.id, 5)).toEqual({
      ok: false,
      problem: "no-line",
    });
    expect(await removeCartLine(database.db, ravi, line.id)).toEqual({ ok: false, problem: "no-line" });
    expect(await updateCartQuantity(database.db, asha, line.id, 5)).toEqual({ ok: true });
    expect((await cartLines(database.db, asha))[0]?.quantity).toBe(5);
    expect(await removeCartLine(database.db, asha, line.id)).toEqual({ ok: true });
    expect(await cartLines(database.db, asha)).toEqual([]);
  });
});

describe(`reviews (${kind})`, () => {
  it("keeps one review per customer and product and recomputes the total rating with it", async () => {
    expect(await saveReview(database.db, asha, product.id, { star: 5, comment: "Excellent" })).toBe(true);
    expect(await saveReview(database.db, ravi, product.id, { star: 2, comment: "Fan is loud" })).toBe(true);
    const rating = async () =>
      (
        await database.db
          .select({ r: products.totalRating })
          .from(products)
          .where(eq(products.id, product.id))
      )[0]?.r;
    expect(await rating()).toBe(3.5);

    expect(
      await saveReview(database.db, ravi, product.id, { star: 4, comment: "Fan is fine after an update" }),
    ).toBe(true);
    expect(await rating()).toBe(4.5);
    const list = await productReviews(database.db, product.id);
    expect(list.count).toBe(2);
    expect(list.reviews[0]).toMatchObject({ star: 4, comment: "Fan is fine after an update" });
    const ravis = await database.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.productId, product.id), eq(ratings.customerId, ravi)));
    expect(ravis).toHaveLength(1);
  });

  it("refuses a review of an unknown product", async () => {
    expect(await saveReview(database.db, asha, 999_999, { star: 3, comment: "?" })).toBe(false);
  });
});
