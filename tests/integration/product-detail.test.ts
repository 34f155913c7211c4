import { arrayContains, eq, not } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, ratings } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { FALLBACK_IMAGE } from "~/features/catalogue";
import {
  POPULAR_ON_PRODUCT_PAGE,
  productDetailPage,
  productPageView,
  productReviews,
  readCatalogueVersion,
  writeSpecs,
} from "~/features/catalogue/index.server";
import {
  addToCart,
  cartLineFor,
  compareProducts,
  toggleWishlist,
  wishlistIds,
} from "~/features/lists/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertCustomer, insertProduct } from "./support/fixtures";

let database: TestDatabase;
let popularId: number;
let plainId: number;
let shopperIds: number[];

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
  const [popular] = await database.db
    .select({ id: products.id })
    .from(products)
    .where(arrayContains(products.tags, ["popular"]))
    .limit(1);
  const [plain] = await database.db
    .select({ id: products.id })
    .from(products)
    .where(not(arrayContains(products.tags, ["popular"])))
    .limit(1);
  if (!popular || !plain) throw new Error("the seed should hold popular and untagged products");
  popularId = popular.id;
  plainId = plain.id;
  shopperIds = [];
  for (const firstname of ["Asha", "Ravi", "Meena"]) {
    shopperIds.push((await insertCustomer(database.db, { firstname })).id);
  }
});

afterAll(async () => {
  await database?.drop();
});

describe(`product detail (${databaseKind})`, () => {
  it("gives null for an unknown product", async () => {
    expect(await productDetailPage(database.db, 999_999)).toBeNull();
  });

  it("gives the product with its colours, no reviews and popular products without itself", async () => {
    const page = await productDetailPage(database.db, popularId);
    expect(page?.product.id).toBe(popularId);
    expect(page?.product.colours.length).toBeGreaterThan(0);
    for (const colour of page?.product.colours ?? []) {
      expect(colour.name).not.toBe("");
      expect(colour.value).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(page?.reviews).toEqual({ reviews: [], count: 0, average: null });
    expect(page?.popular.length).toBeGreaterThan(0);
    expect(page?.popular.length).toBeLessThanOrEqual(POPULAR_ON_PRODUCT_PAGE);
    expect(page?.popular.map((card) => card.id)).not.toContain(popularId);

    // A product that is not itself popular gets the full list.
    const other = await productDetailPage(database.db, plainId);
    expect(other?.popular).toHaveLength(POPULAR_ON_PRODUCT_PAGE);
  });

  it("marks the hearts of the wishlist the session read, and no other", async () => {
    const shopper = shopperIds[0] ?? 0;
    await toggleWishlist(database.db, shopper, popularId);
    const view = (wished?: number[]) =>
      productPageView(database.db, popularId, {
        publicUrl: "https://x.in",
        imageParam: null,
        wished,
      });
    expect((await view(await wishlistIds(database.db, shopper)))?.wished).toBe(true);
    expect((await view(await wishlistIds(database.db, shopperIds[1])))?.wished).toBe(false);
    expect((await view())?.wished).toBe(false);
  });

  it("lists reviews newest first with count and mean, and nothing about who wrote them", async () => {
    const now = Date.now();
    await database.db.insert(ratings).values([
      {
        productId: plainId,
        customerId: shopperIds[0] ?? 0,
        star: 5,
        comment: "Fast delivery to Jayanagar.",
        createdAt: new Date(now - 3_000),
      },
      {
        productId: plainId,
        customerId: shopperIds[1] ?? 0,
        star: 3,
        comment: "Fan is a little loud.",
        createdAt: new Date(now - 1_000),
      },
      {
        productId: plainId,
        customerId: shopperIds[2] ?? 0,
        star: 4,
        comment: "Good value.",
        createdAt: new Date(now - 2_000),
      },
    ]);
    const list = await productReviews(database.db, plainId);
    expect(list.count).toBe(3);
    expect(list.average).toBeCloseTo(4, 5);
    expect(list.reviews.map((r) => r.comment)).toEqual([
      "Fan is a little loud.",
      "Good value.",
      "Fast delivery to Jayanagar.",
    ]);
    expect(list.reviews.map((r) => r.star)).toEqual([3, 4, 5]);
    for (const review of list.reviews) {
      expect(Object.keys(review).sort()).toEqual(["byFormerCustomer", "comment", "createdAt", "id", "star"]);
      expect(review.createdAt).toBeInstanceOf(Date);
    }
    expect(JSON.stringify(list)).not.toMatch(/asha|ravi|meena|example\.in/i);

    const limited = await productReviews(database.db, plainId, 2);
    expect(limited.reviews).toHaveLength(2);
    expect(limited.count).toBe(3);

    const page = await productDetailPage(database.db, plainId);
    expect(page?.reviews.count).toBe(3);
    // Other products' reviews stay out.
    expect((await productReviews(database.db, popularId)).count).toBe(0);
  });

  it("drops a product's reviews with the product", async () => {
    await database.db.delete(products).where(eq(products.id, plainId));
    expect(await productReviews(database.db, plainId)).toEqual({ reviews: [], count: 0, average: null });
    expect(await productDetailPage(database.db, plainId)).toBeNull();
  });

  it("gives the page's view: sanitised description, known tags, gallery, cart state and search-engine data", async () => {
    const product = await insertProduct(database.db, {
      title: "ThinkPad E14 </script><b>",
      description: '<p onclick="steal()">Fast <script>alert(1)</script><strong>laptop</strong></p>',
      tags: ["featured", "clearance"],
      images: [],
      quantity: 3,
    });
    const shopper = await insertCustomer(database.db);
    const publicUrl = "https://shop.example.in";
    const view = await productPageView(database.db, product.id, {
      publicUrl,
      imageParam: "7",
    });
    expect(view?.product.description).toBe("<p>Fast <strong>laptop</strong></p>");
    expect(view?.product.tags).toEqual(["featured"]);
    expect(view?.images).toEqual([{ url: FALLBACK_IMAGE, alt: `${product.title} (photo coming soon)` }]);
    expect(view?.selectedImage).toBe(0);
    // Whether it is in the cart is the cart's to say; the product page's loader asks it beside the view.
    expect(await cartLineFor(database.db, shopper.id, product.id)).toBeNull();
    expect(view?.seo.url).toBe(`${publicUrl}/product/${product.id}`);
    expect(view?.seo.image).toBe(`${publicUrl}${FALLBACK_IMAGE}`);
    expect(view?.seo.summary).toBe("Fast laptop");
    expect(view?.seo.jsonLd).not.toContain("</script>");
    expect(JSON.parse(view?.seo.jsonLd ?? "{}")).toMatchObject({
      name: product.title,
      sku: String(product.id),
    });

    const added = await addToCart(database.db, shopper.id, {
      productId: product.id,
      colourId: product.colourId,
      quantity: 1,
    });
    expect(added.ok).toBe(true);
    expect(await cartLineFor(database.db, shopper.id, product.id)).not.toBeNull();
    expect(await cartLineFor(database.db, undefined, product.id)).toBeNull();
    expect(await productPageView(database.db, 999_999, { publicUrl, imageParam: null })).toBeNull();
  });

  it("a product page kept for the catalogue's version follows every change: price, review, wishlist", async () => {
    const publicUrl = "https://shop.example.in";
    const view = async (versionNow: number, wished?: number[]) =>
      productPageView(database.db, popularId, { publicUrl, imageParam: null, versionNow, wished });
    const first = await view(await readCatalogueVersion(database.db));
    if (!first) throw new Error("the popular product is shown");
    expect(await view(await readCatalogueVersion(database.db))).toEqual(first);
    const price = first.product.discountedPrice - 100;
    await database.db.update(products).set({ discountedPrice: price }).where(eq(products.id, popularId));
    const repriced = await view(await readCatalogueVersion(database.db));
    expect(repriced?.product.discountedPrice).toBe(price);
    await database.db
      .insert(ratings)
      .values({ productId: popularId, customerId: shopperIds[2] ?? 0, star: 2, comment: "Arrived late." });
    const reviewed = await view(await readCatalogueVersion(database.db));
    expect(reviewed?.reviews.count).toBe(first.reviews.count + 1);
    expect(reviewed?.reviews.items[0]?.comment).toBe("Arrived late.");
    // The wishlist is the shopper's own: the one the session read, never one kept.
    const popularCard = reviewed?.popular[0]?.id ?? 0;
    const wishing = await view(await readCatalogueVersion(database.db), [popularId, popularCard]);
    expect(wishing).toMatchObject({ wished: true, popularWished: [popularCard] });
    expect(await view(await readCatalogueVersion(database.db), [])).toMatchObject({
      wished: false,
      popularWished: [],
    });
  });

  it("shows the specification as a table and in the JSON-LD, and a page kept for its version follows a change to it", async () => {
    const publicUrl = "https://shop.example.in";
    const laptop = await insertProduct(database.db, { category: "Laptops" });
    const view = async () =>
      productPageView(database.db, laptop.id, {
        publicUrl,
        imageParam: null,
        versionNow: await readCatalogueVersion(database.db),
      });
    const bare = await view();
    expect(bare?.specs).toEqual([]);
    expect(JSON.parse(bare?.seo.jsonLd ?? "{}")).not.toHaveProperty("additionalProperty");

    await writeSpecs(database.db, laptop.id, "Laptops", { ram_gb: 16, cpu: "core-i5", cpu_generation: 12 });
    const specified = await view();
    expect(specified?.specs).toEqual([
      {
        group: "Processor and memory",
        rows: [
          { code: "cpu", label: "Processor", value: "Intel Core i5" },
          { code: "cpu_generation", label: "Processor generation", value: "12th gen" },
          { code: "ram_gb", label: "RAM", value: "16 GB" },
        ],
      },
    ]);
    expect(JSON.parse(specified?.seo.jsonLd ?? "{}").additionalProperty).toContainEqual({
      "@type": "PropertyValue",
      name: "RAM",
      value: 16,
      unitCode: "E34",
    });
    expect(await view(), "kept for the version").toEqual(specified);

    await writeSpecs(database.db, laptop.id, "Laptops", { ram_gb: 32, storage_kind: "ssd" });
    const changed = await view();
    expect(changed?.specs.map((group) => group.rows.map((row) => row.value))).toEqual([["32 GB"], ["SSD"]]);

    expect((await compareProducts(database.db, [laptop.id, plainId]))[0]?.specs).toEqual({
      ram_gb: 32,
      storage_kind: "ssd",
    });
  });
});
