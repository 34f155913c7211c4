import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, ratings } from "~/db/schema";
import { productReviews, saveReview } from "~/features/catalogue/index.server";
import {
  addToCart,
  cartLines,
  cartTotals,
  removeCartLine,
  updateCartQuantity,
} from "~/features/lists/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer, insertProduct, type ProductRow } from "./support/fixtures";

let database: TestDatabase;
let asha: number;
let ravi: number;
let product: ProductRow;

beforeAll(async () => {
  database = await openTestDatabase();
  asha = (await insertCustomer(database.db, { firstname: "Asha" })).id;
  ravi = (await insertCustomer(database.db, { firstname: "Ravi" })).id;
  product = await insertProduct(database.db, { discountedPrice: 45_990_00, quantity: 8 });
});

afterAll(async () => {
  await database?.drop();
});

describe(`cart (${databaseKind})`, () => {
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
    expect(lines[0]).toMatchObject({ quantity: 3, unitPrice: product.discountedPrice });
    expect(await cartTotals(database.db, asha)).toEqual({ lines: 1, total: 3 * product.discountedPrice });

    await database.db.update(products).set({ quantity: 2 }).where(eq(products.id, product.id));
    expect(
      await addToCart(database.db, asha, { productId: product.id, colourId: product.colourId, quantity: 4 }),
    ).toEqual({
      ok: false,
      problem: "stock",
      stock: 2,
    });
    await database.db.update(products).set({ quantity: product.quantity }).where(eq(products.id, product.id));
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
      .set({ discountedPrice: product.discountedPrice - 100 })
      .where(eq(products.id, product.id));
    expect((await cartLines(database.db, asha))[0]?.unitPrice).toBe(product.discountedPrice - 100);
    await database.db
      .update(products)
      .set({ discountedPrice: product.discountedPrice })
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

describe(`reviews (${databaseKind})`, () => {
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
