import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productsTagged } from "~/features/catalogue/index.server";
import { toggleWishlist, wishlistIds } from "~/features/lists/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer, insertProduct } from "./support/fixtures";

/*
 * What the home page (app/routes/shop/_index.tsx) reads: 6 featured, 4 special and 6 popular products, the
 * signed-in customer's wishlist for the hearts on those cards, and the 4 newest blogs (latestBlogs and
 * toBlogCard, in blog.test.ts).
 */

const DAY = 86_400_000;
const now = Date.now();

let database: TestDatabase;

/** Adds a product with these tags, added `daysAgo` days ago; returns its title. */
async function tagged(tags: string[], daysAgo: number, title = `${tags.join(" ") || "untagged"} ${daysAgo}`) {
  await insertProduct(database.db, { title, tags, createdAt: new Date(now - daysAgo * DAY) });
  return title;
}

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

describe(`the home page's products (${databaseKind})`, () => {
  it("shows the 6 newest featured products, newest first, and only featured ones", async () => {
    // Added out of date order, so the order shown cannot come from the order of insertion.
    for (const daysAgo of [9, 2, 7, 1, 8, 4, 3, 6]) await tagged(["featured"], daysAgo);
    await tagged([], 0);
    await tagged(["special"], 0.2, "special only");

    const shown = await productsTagged(database.db, "featured", 6);
    expect(shown.map((card) => card.title)).toEqual(
      [1, 2, 3, 4, 6, 7].map((daysAgo) => `featured ${daysAgo}`),
    );
  });

  it("shows every special product when there are fewer than 4, and none twice", async () => {
    const shown = await productsTagged(database.db, "special", 4);
    expect(shown.map((card) => card.title)).toEqual(["special only"]);
  });

  it("puts a product with several tags in each of its sections", async () => {
    await tagged(["featured", "popular"], 0.5, "Featured and popular");
    for (const daysAgo of [5, 6, 7, 8, 9, 10]) await tagged(["popular"], daysAgo);

    const featured = await productsTagged(database.db, "featured", 6);
    const popular = await productsTagged(database.db, "popular", 6);
    expect(featured[0]?.title).toBe("Featured and popular");
    expect(popular.map((card) => card.title)).toEqual([
      "Featured and popular",
      "popular 5",
      "popular 6",
      "popular 7",
      "popular 8",
      "popular 9",
    ]);
  });

  it("gives each card its first image (or none) and both prices", async () => {
    await insertProduct(database.db, {
      title: "Special with no picture",
      tags: ["special"],
      images: [],
      discountedPrice: 9_999_00,
      originalPrice: 12_500_00,
      createdAt: new Date(now),
    });
    const [card] = await productsTagged(database.db, "special", 4);
    expect(card).toMatchObject({
      title: "Special with no picture",
      image: null,
      discountedPrice: 9_999_00,
      originalPrice: 12_500_00,
    });
    const [withImage] = await productsTagged(database.db, "featured", 1);
    expect(withImage?.image).toMatch(/^\/images\/products\/test-\d+\.svg$/);
  });

  it("fills the hearts of the signed-in customer's wishlist only", async () => {
    const [first, second] = await productsTagged(database.db, "popular", 6);
    if (!first || !second) throw new Error("the home page should have popular products");
    const asha = await insertCustomer(database.db);
    const ravi = await insertCustomer(database.db);
    await toggleWishlist(database.db, asha.id, first.id);
    await toggleWishlist(database.db, asha.id, second.id);

    const byId = (a: number, b: number) => a - b;
    expect((await wishlistIds(database.db, asha.id)).sort(byId)).toEqual([first.id, second.id].sort(byId));
    expect(await wishlistIds(database.db, ravi.id)).toEqual([]);
    // A visitor who is not signed in sees every heart empty.
    expect(await wishlistIds(database.db, undefined)).toEqual([]);
    // Taking a product off the wishlist empties its heart.
    await toggleWishlist(database.db, asha.id, first.id);
    expect(await wishlistIds(database.db, asha.id)).toEqual([second.id]);
  });
});
