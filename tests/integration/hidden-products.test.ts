import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { productAdminMessages } from "~/features/catalogue";
import {
  getProduct,
  productDetailPage,
  productExists,
  productsTagged,
  saveReview,
  searchSuggestions,
  storePage,
} from "~/features/catalogue/index.server";
import { sitemapEntries } from "~/features/content/index.server";
import {
  addToCart,
  cartLines,
  cartProblemMessage,
  compareProducts,
  setWishlisted,
  updateCartQuantity,
  wishlistProducts,
} from "~/features/lists/index.server";
import {
  createPaymentAttempt,
  customerOrders,
  finishPayment,
  startCheckoutPayment,
} from "~/features/orders/index.server";
// Tests that a hidden product's cart reuses no open payment page, an internal of orders, on purpose.
import { reusablePaymentPage } from "~/features/orders/payment-attempts.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer, insertProduct, type ProductRow, STANDARD_SHIPPING } from "./support/fixtures";

/*
 * A product the back office hides leaves every shop page and query (store list, facets and counts, search and
 * suggestions, home sections, product page, compare, wishlist, sitemap, reviews); it cannot be added to a cart
 * and checkout will not take payment for a cart line of it; orders keep referring to it.
 */

let database: TestDatabase;
let hidden: ProductRow;
let shown: ProductRow;
const word = `Zephyrine${Date.now()}`;

const address = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};

const hide = (id: number) =>
  database.db.update(products).set({ hiddenAt: new Date() }).where(eq(products.id, id));

beforeAll(async () => {
  database = await openTestDatabase();
  hidden = await insertProduct(database.db, {
    title: `${word} Hidden Laptop`,
    brand: `${word}Brand`,
    category: `${word}Category`,
    tags: ["featured", "special", "popular"],
  });
  shown = await insertProduct(database.db, {
    title: `${word} Shown Laptop`,
    tags: ["featured", "special", "popular"],
  });
});

afterAll(async () => {
  await database?.drop();
});

describe(`a hidden product in the shop (${databaseKind})`, () => {
  it("leaves the store list, its counts and its category and brand lists", async () => {
    const before = await storePage(database.db, { grid: 4, page: 1 });
    expect(before.facets.categories).toContain(`${word}Category`);
    await hide(hidden.id);
    const after = await storePage(database.db, { grid: 4, page: 1 });
    expect(after.total).toBe(before.total - 1);
    expect(after.items.map((item) => item.id)).not.toContain(hidden.id);
    expect(after.facets.categories).not.toContain(`${word}Category`);
    expect(after.facets.brands).not.toContain(`${word}Brand`);
    const filtered = await storePage(database.db, { category: `${word}Category`, grid: 4, page: 1 });
    expect(filtered).toMatchObject({ items: [], total: 0 });
  });

  it("leaves the search and the header's suggestions", async () => {
    const found = await storePage(database.db, { q: word, grid: 4, page: 1 });
    expect(found.items.map((item) => item.id)).toEqual([shown.id]);
    expect(found.total).toBe(1);
    expect((await searchSuggestions(database.db, word)).suggestions.map((s) => s.id)).toEqual([shown.id]);
  });

  it("leaves the home page's sections and the product page's popular products", async () => {
    for (const tag of ["featured", "special", "popular"]) {
      const ids = (await productsTagged(database.db, tag, 100)).map((card) => card.id);
      expect(ids).toContain(shown.id);
      expect(ids).not.toContain(hidden.id);
    }
    expect((await productDetailPage(database.db, shown.id))?.popular.map((c) => c.id)).not.toContain(
      hidden.id,
    );
  });

  it("has no product page (like an unknown id), and takes no review", async () => {
    expect(await getProduct(database.db, hidden.id)).toBeNull();
    expect(await productDetailPage(database.db, hidden.id)).toBeNull();
    expect(await productExists(database.db, hidden.id)).toBe(false);
    const customer = await insertCustomer(database.db);
    expect(await saveReview(database.db, customer.id, hidden.id, { star: 5, comment: "Great" })).toBe(false);
  });

  it("leaves compare lists, wishlists and the sitemap", async () => {
    expect((await compareProducts(database.db, [hidden.id, shown.id])).map((p) => p.id)).toEqual([shown.id]);
    const customer = await insertCustomer(database.db);
    await setWishlisted(database.db, customer.id, shown.id, true);
    await setWishlisted(database.db, customer.id, hidden.id, true);
    expect((await wishlistProducts(database.db, customer.id)).map((p) => p.id)).toEqual([shown.id]);
    const sitemap = await sitemapEntries(database.db);
    expect(sitemap.products.map((p) => p.id)).toContain(shown.id);
    expect(sitemap.products.map((p) => p.id)).not.toContain(hidden.id);
  });

  it("cannot be added to a cart, with a clear message", async () => {
    const customer = await insertCustomer(database.db);
    const change = await addToCart(database.db, customer.id, {
      productId: hidden.id,
      colourId: hidden.colourId,
      quantity: 1,
    });
    expect(change).toEqual({ ok: false, problem: "unavailable" });
    if (!change.ok) expect(cartProblemMessage(change)).toBe(productAdminMessages.noLongerAvailable);
    expect(await cartLines(database.db, customer.id)).toEqual([]);
  });

  it("a cart line hidden later stays, marked unavailable, and checkout will not take payment for it", async () => {
    const product = await insertProduct(database.db, { title: `${word} Later Hidden` });
    const customer = await insertCustomer(database.db, { savedAddress: address });
    await addToCart(database.db, customer.id, {
      productId: product.id,
      colourId: product.colourId,
      quantity: 2,
    });
    await addToCart(database.db, customer.id, { productId: shown.id, colourId: shown.colourId, quantity: 1 });
    await hide(product.id);

    const lines = await cartLines(database.db, customer.id);
    expect(lines.map((line) => [line.productId, line.available])).toEqual([
      [product.id, false],
      [shown.id, true],
    ]);
    const [line] = lines;
    expect(await updateCartQuantity(database.db, customer.id, line?.id ?? 0, 3)).toEqual({
      ok: false,
      problem: "unavailable",
    });
    expect(await createPaymentAttempt(database.db, customer.id, address, STANDARD_SHIPPING)).toEqual({
      problem: "unavailable",
      title: product.title,
    });
    expect(await reusablePaymentPage(database.db, customer.id, address, STANDARD_SHIPPING)).toBeNull();
    expect(await startCheckoutPayment(database.db, customer.id, address, STANDARD_SHIPPING)).toEqual({
      ok: false,
      message: productAdminMessages.cartLineUnavailable(product.title),
      status: 409,
    });
    // Nothing lost: both lines are still in the cart.
    expect(await cartLines(database.db, customer.id)).toHaveLength(2);
  });

  it("orders keep referring to it", async () => {
    const product = await insertProduct(database.db, { title: `${word} Ordered Then Hidden` });
    const customer = await insertCustomer(database.db, { savedAddress: address });
    await addToCart(database.db, customer.id, {
      productId: product.id,
      colourId: product.colourId,
      quantity: 1,
    });
    const attempt = await createPaymentAttempt(database.db, customer.id, address, STANDARD_SHIPPING);
    if (!("merchantOrderId" in attempt)) throw new Error("the attempt was refused");
    const finished = await finishPayment(database.db, attempt.merchantOrderId, {
      state: "COMPLETED",
      amount: attempt.amount,
      details: {},
    });
    expect(finished.kind).toBe("ordered");
    await hide(product.id);
    const [order] = await customerOrders(database.db, customer.id);
    expect(order?.items.map((item) => item.title)).toEqual([product.title]);
  });
});
