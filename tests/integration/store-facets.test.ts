import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { seedProducts } from "~/db/seed-data";
import { seedSpecs } from "~/db/seed-specs";
import { type StoreFilters, storeQuery, toggleSpecValue } from "~/features/catalogue";
import { readStoreFilters, storePage, writeSpecs } from "~/features/catalogue/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";

/*
 * The store's specification facets on the seed catalogue: what a facet lists is what the seed's specifications
 * say, and each value's count is what its link lists, however the other facets are set.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
});

afterAll(async () => {
  await database?.drop();
});

/** The store as the loader reads a URL's query. */
const filtersOf = (query: string): StoreFilters => readStoreFilters(new URLSearchParams(query));
const pageOf = (filters: StoreFilters) => storePage(database.db, filters);

/** Every product of a store page's filters, across its pages. */
async function allTitles(filters: StoreFilters): Promise<string[]> {
  const titles: string[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await pageOf({ ...filters, page });
    titles.push(...items.map((item) => item.title));
    if (titles.length >= total || items.length === 0) return titles;
  }
}

const seedOf = (title: string) => seedProducts.find((product) => product.title === title);

describe(`the store's specification facets (${databaseKind})`, () => {
  it("list only laptops with 16 GB for ram=16, all of them", async () => {
    const found = await allTitles(filtersOf("category=Laptops&ram=16"));
    const expected = seedProducts
      .filter((product) => product.category === "Laptops" && seedSpecs[product.title]?.ram_gb === 16)
      .map((product) => product.title);
    expect(expected.length).toBeGreaterThan(3);
    expect(found.sort()).toEqual(expected.sort());
  });

  it("keep showing 8 GB with its own count when 16 GB is chosen, and count each value's link", async () => {
    const filters = filtersOf("category=Laptops&ram=16&disk=ssd");
    const { specFacets, total } = await pageOf(filters);
    const ram = specFacets.find((facet) => facet.key === "ram");
    const eight = ram?.values.find((value) => value.code === "8");
    const sixteen = ram?.values.find((value) => value.code === "16");
    expect(sixteen?.selected).toBe(true);
    expect(sixteen?.count).toBe(total);
    expect(eight?.selected).toBe(false);
    expect(eight?.count).toBe((await pageOf(filtersOf("category=Laptops&ram=8&disk=ssd"))).total);
    expect(eight?.count).toBeGreaterThan(0);

    // Every value of a facet with nothing chosen counts what its link lists.
    for (const facet of specFacets.filter((shown) => !filters.specs[shown.key])) {
      for (const value of facet.values) {
        const linked = { ...filters, specs: toggleSpecValue(filters.specs, facet.key, value.code) };
        expect(value.count, `${facet.key}=${value.code}`).toBe((await pageOf(linked)).total);
      }
    }
  });

  it("find a refurbished Core i5 with 16 GB and an SSD by facets alone", async () => {
    const found = await allTitles(filtersOf("category=Laptops&cpu=core-i5&ram=16&disk=ssd&grade=a"));
    expect(found.length).toBeGreaterThan(0);
    for (const title of found) {
      expect(seedOf(title)?.productType, title).toBe("refurbished");
      expect(seedSpecs[title]).toMatchObject({ cpu: "core-i5", ram_gb: 16, storage_kind: "ssd" });
    }
  });

  it("read a repeated key as OR and different facets as AND", async () => {
    const either = await allTitles(filtersOf("category=Laptops&cpu=core-i5&cpu=ryzen-5"));
    const i5 = await allTitles(filtersOf("category=Laptops&cpu=core-i5"));
    const ryzen = await allTitles(filtersOf("category=Laptops&cpu=ryzen-5"));
    expect(either.sort()).toEqual([...i5, ...ryzen].sort());
    const both = await allTitles(filtersOf("category=Laptops&cpu=core-i5&ram=16"));
    expect(both.sort()).toEqual(i5.filter((title) => seedSpecs[title]?.ram_gb === 16).sort());
  });

  it("show only the facets of the category in view, and none for the whole store", async () => {
    const cctv = await pageOf(filtersOf("category=CCTV"));
    expect(cctv.specFacets.map((facet) => facet.key)).toEqual(expect.arrayContaining(["form", "mp"]));
    expect(cctv.specFacets.map((facet) => facet.key)).not.toContain("ram");
    expect((await pageOf(filtersOf(""))).specFacets).toEqual([]);
    expect(storeQuery(filtersOf("category=CCTV&ram=16&form=dome")), "a laptop facet on CCTV is dropped").toBe(
      "category=CCTV&form=dome",
    );
  });

  it("follow a change of a product's specification at once", async () => {
    const [laptop] = await database.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(
        eq(
          products.title,
          seedProducts.find((product) => seedSpecs[product.title]?.ram_gb === 8)?.title ?? "",
        ),
      );
    const before = await allTitles(filtersOf("category=Laptops&ram=16"));
    expect(before).not.toContain(laptop?.title);
    await writeSpecs(database.db, laptop?.id ?? 0, "Laptops", {
      ...seedSpecs[laptop?.title ?? ""],
      ram_gb: 16,
    });
    expect(await allTitles(filtersOf("category=Laptops&ram=16"))).toContain(laptop?.title);
  });

  it("apply a price bound with the facets, in the listing's order, and follow a price change at once", async () => {
    const priceOf = async (title: string) =>
      (
        await database.db
          .select({ paise: products.discountedPrice })
          .from(products)
          .where(eq(products.title, title))
      )[0]?.paise ?? 0;
    // The listing without a bound first, so the bound is then applied to what was read before.
    const all = await allTitles(filtersOf("category=Laptops&ram=16&sort=price"));
    const prices = await Promise.all(all.map(priceOf));
    const ceiling = Math.floor((prices[Math.floor(prices.length / 2)] ?? 0) / 100);
    const bounded = await allTitles(filtersOf(`category=Laptops&ram=16&maxPrice=${ceiling}&sort=price`));
    expect(bounded.length).toBeGreaterThan(0);
    expect(bounded.length).toBeLessThan(all.length);
    expect(bounded).toEqual(all.filter((_, i) => (prices[i] ?? 0) <= ceiling * 100));

    // A laptop's price drops under the bound: the same URL lists it at once.
    const dear = all.find((_, i) => (prices[i] ?? 0) > ceiling * 100) ?? "";
    await database.db
      .update(products)
      .set({ discountedPrice: ceiling * 100 })
      .where(eq(products.title, dear));
    const after = await allTitles(filtersOf(`category=Laptops&ram=16&maxPrice=${ceiling}&sort=price`));
    expect(after).toContain(dear);
    expect(after.length).toBe(bounded.length + 1);
  });
});

describe(`the store's product types (${databaseKind})`, () => {
  // A listing, a listing with facets, a search and a search with facets: each counts its own way.
  const bases = ["", "category=Laptops", "brand=Dell&minPrice=20000", "category=Laptops&ram=16", "q=laptop"];

  it("list only the products of the types chosen, on every category and without one", async () => {
    for (const base of bases) {
      const refurbished = await allTitles(filtersOf(`${base}&type=refurbished`));
      const news = await allTitles(filtersOf(`${base}&type=new`));
      const either = await allTitles(filtersOf(`${base}&type=new&type=refurbished`));
      for (const title of refurbished)
        expect(seedOf(title)?.productType, `${base}: ${title}`).toBe("refurbished");
      for (const title of news) expect(seedOf(title)?.productType, `${base}: ${title}`).toBe("new");
      expect(either.sort(), base).toEqual([...refurbished, ...news].sort());
      expect(news.length, base).toBeGreaterThan(0);
    }
    const refurbishedLaptops = seedProducts
      .filter((product) => product.category === "Laptops" && product.productType === "refurbished")
      .map((product) => product.title);
    expect(refurbishedLaptops.length).toBeGreaterThan(3);
    expect((await allTitles(filtersOf("category=Laptops&type=refurbished"))).sort()).toEqual(
      refurbishedLaptops.sort(),
    );
  });

  it("count each type as what its link alone lists, whichever type is chosen", async () => {
    for (const base of bases) {
      const { types } = await pageOf(filtersOf(base));
      expect(types.length, base).toBeGreaterThan(1);
      for (const { code, count } of types) {
        expect(count, `${base}: ${code}`).toBe((await pageOf(filtersOf(`${base}&type=${code}`))).total);
      }
      for (const chosen of ["new", "refurbished"]) {
        const page = await pageOf(filtersOf(`${base}&type=${chosen}`));
        // The types' counts leave the type chosen out, so the other types keep theirs.
        expect(page.types, `${base}&type=${chosen}`).toEqual(types);
        expect(page.types.find(({ code }) => code === chosen)?.count, base).toBe(page.total);
      }
    }
  });

  it("narrow the specification facets' counts to the types chosen", async () => {
    const all = await pageOf(filtersOf("category=Laptops"));
    const refurbished = await pageOf(filtersOf("category=Laptops&type=refurbished"));
    const ramCount = (page: typeof all, code: string) =>
      page.specFacets.find((facet) => facet.key === "ram")?.values.find((value) => value.code === code)
        ?.count;
    expect(ramCount(refurbished, "16")).toBe(
      (await pageOf(filtersOf("category=Laptops&type=refurbished&ram=16"))).total,
    );
    expect(ramCount(refurbished, "16")).toBeLessThan(ramCount(all, "16") ?? 0);
    expect(ramCount(refurbished, "16")).toBeGreaterThan(0);
  });

  it("follow a change of a product's type at once, with and without facets in view", async () => {
    const [laptop] = await database.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(and(eq(products.category, "Laptops"), eq(products.productType, "refurbished")))
      .limit(1);
    const title = laptop?.title ?? "";
    expect(await allTitles(filtersOf("type=refurbished"))).toContain(title);
    expect(await allTitles(filtersOf("category=Laptops&type=refurbished"))).toContain(title);
    await database.db
      .update(products)
      .set({ productType: "new" })
      .where(eq(products.id, laptop?.id ?? 0));
    expect(await allTitles(filtersOf("type=refurbished"))).not.toContain(title);
    expect(await allTitles(filtersOf("category=Laptops&type=refurbished"))).not.toContain(title);
    expect(await allTitles(filtersOf("category=Laptops&type=new"))).toContain(title);
  });
});
