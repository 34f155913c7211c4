import { count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colours, productColours, products } from "~/db/schema";
import { growCatalogue, seedCatalogue } from "~/db/seed.server";
import {
  homeSections,
  PAGE_SIZE,
  productsTagged,
  readCatalogueVersion,
  storePage,
} from "~/features/catalogue/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
});

afterAll(async () => {
  await database?.drop();
});

describe(`seeded catalogue (${databaseKind})`, () => {
  it("holds a believable catalogue across every category and product type", async () => {
    const rows = await database.db
      .select({ category: products.category, type: products.productType })
      .from(products);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const category of ["Laptops", "Desktops", "CCTV", "Biometric", "Accessories"]) {
      expect(rows.filter((r) => r.category === category).length).toBeGreaterThan(0);
    }
    for (const type of ["new", "refurbished", "rental"] as const) {
      expect(rows.filter((r) => r.type === type).length).toBeGreaterThan(0);
    }
  });

  it("has featured, special and popular products, each with colours", async () => {
    for (const tag of ["featured", "special", "popular"]) {
      expect((await productsTagged(database.db, tag)).length).toBeGreaterThan(0);
    }
    const [withoutColour] = await database.db
      .select({ n: count() })
      .from(products)
      .leftJoin(productColours, eq(productColours.productId, products.id))
      .where(isNull(productColours.productId));
    expect(withoutColour?.n).toBe(0);
    expect((await database.db.select().from(colours)).length).toBeGreaterThanOrEqual(6);
  });

  it("seeding twice adds nothing", async () => {
    const again = await seedCatalogue(database.db);
    expect(again).toEqual({ products: 0, blogs: 0 });
  });

  it("grows the catalogue to a target size for benchmarks", async () => {
    const [before] = await database.db.select({ n: count() }).from(products);
    const added = await growCatalogue(database.db, 1200);
    const [total] = await database.db.select({ n: count() }).from(products);
    expect(total?.n).toBe(1200);
    expect(added).toBe(1200 - (before?.n ?? 0));
    // The store pages through all of them.
    const page = await storePage(database.db, { grid: 4, page: 2 });
    expect(page.items).toHaveLength(PAGE_SIZE);
    expect(page.total).toBe(1200);
  });

  it("a store page kept for the catalogue's version is never served once the catalogue changed", async () => {
    const cheapest = { grid: 4 as const, page: 1, sort: "price" as const, category: "Laptops" };
    const version = await readCatalogueVersion(database.db);
    const before = await storePage(database.db, cheapest, version);
    const first = before.items[0];
    if (!first) throw new Error("the seed has laptops");
    expect(await storePage(database.db, cheapest, version)).toEqual(before);
    await database.db.update(products).set({ hiddenAt: new Date() }).where(eq(products.id, first.id));
    const hidden = await storePage(database.db, cheapest, await readCatalogueVersion(database.db));
    expect(hidden.items.map((item) => item.id)).not.toContain(first.id);
    expect(hidden.total).toBe(before.total - 1);
    await database.db.update(products).set({ hiddenAt: null, quantity: 0 }).where(eq(products.id, first.id));
    const soldOut = await storePage(database.db, cheapest, await readCatalogueVersion(database.db));
    expect(soldOut.items[0]).toMatchObject({ id: first.id, quantity: 0 });
  });

  it("the home page's sections kept for the catalogue's version follow a product hidden", async () => {
    const before = await homeSections(database.db, await readCatalogueVersion(database.db));
    const featured = before.featured[0];
    if (!featured) throw new Error("the seed has featured products");
    expect(await homeSections(database.db, await readCatalogueVersion(database.db))).toEqual(before);
    await database.db.update(products).set({ hiddenAt: new Date() }).where(eq(products.id, featured.id));
    const after = await homeSections(database.db, await readCatalogueVersion(database.db));
    expect(after.featured.map((card) => card.id)).not.toContain(featured.id);
    await database.db.update(products).set({ hiddenAt: null }).where(eq(products.id, featured.id));
  });
});
