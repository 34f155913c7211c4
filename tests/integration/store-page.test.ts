import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoreFilters } from "~/features/catalogue";
import { PAGE_SIZE, storePage } from "~/features/catalogue/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertProduct, type ProductRow } from "./support/fixtures";

/*
 * storePage is all the store (/product) reads: one page of cards for the filters in the URL, the number of
 * matches (the page count and the "no products" state come from it) and the category and brand lists of the
 * sidebar. A small catalogue of known products makes every answer exact. The grid size only changes the
 * page's layout, never what storePage returns, so it is not a filter here.
 */

const DAY = 86_400_000;
const now = Date.now();

/** title, brand, category, type, offer price in rupees, tags, days since it was added */
const catalogue = [
  ["Lenovo ThinkPad E14 Gen 5", "Lenovo", "Laptops", "new", 62_990, ["featured"], 10],
  ["ThinkPad X1 Carbon Refurbished", "Lenovo", "Laptops", "refurbished", 45_000, ["special"], 20],
  ["Dell Inspiron 3520", "Dell", "Laptops", "new", 53_990, ["popular"], 5],
  ["Dell OptiPlex 7010 Desktop", "Dell", "Desktops", "new", 48_500, [], 30],
  ["HP 24mh Monitor", "HP", "Accessories", "new", 11_499, ["featured", "popular"], 2],
  ["CP Plus 4 Camera CCTV Kit", "CP Plus", "CCTV", "new", 17_999, ["special"], 15],
  ["ESSL Face Attendance Terminal", "ESSL", "Biometric", "new", 9_800, [], 40],
  ["Logitech MK270 Keyboard and Mouse", "Logitech", "Accessories", "new", 1_795, [], 1],
  ["HP ProBook Rental, per month", "HP", "Laptops", "rental", 2_500, [], 8],
  ["Apple MacBook Air M2", "Apple", "Laptops", "new", 99_900, ["featured"], 3],
] as const;

let database: TestDatabase;
const byTitle = new Map<string, ProductRow>();

beforeAll(async () => {
  database = await openTestDatabase();
  for (const [title, brand, category, productType, rupees, tags, daysAgo] of catalogue) {
    const product = await insertProduct(database.db, {
      title,
      brand,
      category,
      productType,
      discountedPrice: rupees * 100,
      tags: [...tags],
      createdAt: new Date(now - daysAgo * DAY),
    });
    byTitle.set(title, product);
  }
});

afterAll(async () => {
  await database?.drop();
});

/** What the loader passes for a URL with these filters (grid and page have defaults there). */
const page = (filters: Partial<StoreFilters> = {}) =>
  storePage(database.db, { grid: 4, page: 1, ...filters });
const titles = async (filters: Partial<StoreFilters> = {}) =>
  (await page(filters)).items.map((item) => item.title);

const ALL_CATEGORIES = ["Accessories", "Biometric", "CCTV", "Desktops", "Laptops"];
const ALL_BRANDS = ["Apple", "CP Plus", "Dell", "ESSL", "HP", "Lenovo", "Logitech"];

describe(`the store page (${databaseKind})`, () => {
  it("without filters shows every product, newest first, with the sidebar's categories and brands", async () => {
    const result = await page();
    expect(result.total).toBe(catalogue.length);
    expect(result.items.map((item) => item.title)).toEqual([
      "Logitech MK270 Keyboard and Mouse",
      "HP 24mh Monitor",
      "Apple MacBook Air M2",
      "Dell Inspiron 3520",
      "HP ProBook Rental, per month",
      "Lenovo ThinkPad E14 Gen 5",
      "CP Plus 4 Camera CCTV Kit",
      "ThinkPad X1 Carbon Refurbished",
      "Dell OptiPlex 7010 Desktop",
      "ESSL Face Attendance Terminal",
    ]);
    expect(result.facets).toEqual({ categories: ALL_CATEGORIES, brands: ALL_BRANDS });
  });

  it("gives each card what it shows: brand, type, first image, both prices, rating and stock", async () => {
    const rental = byTitle.get("HP ProBook Rental, per month");
    const [card] = (await page({ q: "ProBook" })).items;
    expect(card).toEqual({
      id: rental?.id,
      title: "HP ProBook Rental, per month",
      brand: "HP",
      category: "Laptops",
      productType: "rental",
      image: rental?.images[0]?.url,
      originalPrice: rental?.originalPrice,
      discountedPrice: 2_500_00,
      totalRating: 0,
      quantity: 10,
      sold: 0,
    });
  });

  it("filters by category, by brand and by both", async () => {
    expect(await titles({ category: "Accessories" })).toEqual([
      "Logitech MK270 Keyboard and Mouse",
      "HP 24mh Monitor",
    ]);
    expect(await titles({ brand: "Dell" })).toEqual(["Dell Inspiron 3520", "Dell OptiPlex 7010 Desktop"]);
    const lenovoLaptops = await page({ category: "Laptops", brand: "Lenovo" });
    expect(lenovoLaptops.items.map((item) => item.title)).toEqual([
      "Lenovo ThinkPad E14 Gen 5",
      "ThinkPad X1 Carbon Refurbished",
    ]);
    expect(lenovoLaptops.total).toBe(2);
    // The sidebar keeps listing every category and brand, so the shopper can switch to another.
    expect(lenovoLaptops.facets).toEqual({ categories: ALL_CATEGORIES, brands: ALL_BRANDS });
  });

  it("filters by tag, alone and with a category", async () => {
    expect(await titles({ tag: "featured" })).toEqual([
      "HP 24mh Monitor",
      "Apple MacBook Air M2",
      "Lenovo ThinkPad E14 Gen 5",
    ]);
    expect(await titles({ tag: "special" })).toEqual([
      "CP Plus 4 Camera CCTV Kit",
      "ThinkPad X1 Carbon Refurbished",
    ]);
    expect(await titles({ tag: "popular", category: "Laptops" })).toEqual(["Dell Inspiron 3520"]);
  });

  it("filters by a price range in whole rupees, both ends included", async () => {
    expect(await titles({ minPrice: 11_499, maxPrice: 48_500, sort: "price" })).toEqual([
      "HP 24mh Monitor",
      "CP Plus 4 Camera CCTV Kit",
      "ThinkPad X1 Carbon Refurbished",
      "Dell OptiPlex 7010 Desktop",
    ]);
    expect(await titles({ minPrice: 60_000, sort: "price" })).toEqual([
      "Lenovo ThinkPad E14 Gen 5",
      "Apple MacBook Air M2",
    ]);
    expect(await titles({ maxPrice: 2_500, sort: "price" })).toEqual([
      "Logitech MK270 Keyboard and Mouse",
      "HP ProBook Rental, per month",
    ]);
    // A rupee either side leaves the ends out.
    expect(await titles({ minPrice: 11_500, maxPrice: 48_499, sort: "price" })).toEqual([
      "CP Plus 4 Camera CCTV Kit",
      "ThinkPad X1 Carbon Refurbished",
    ]);
  });

  it("sorts by title, price and date either way", async () => {
    const az = [
      "Apple MacBook Air M2",
      "CP Plus 4 Camera CCTV Kit",
      "Dell Inspiron 3520",
      "Dell OptiPlex 7010 Desktop",
      "ESSL Face Attendance Terminal",
      "HP 24mh Monitor",
      "HP ProBook Rental, per month",
      "Lenovo ThinkPad E14 Gen 5",
      "Logitech MK270 Keyboard and Mouse",
      "ThinkPad X1 Carbon Refurbished",
    ];
    expect(await titles({ sort: "title" })).toEqual(az);
    expect(await titles({ sort: "-title" })).toEqual([...az].reverse());

    const cheapest = (await page({ sort: "price" })).items.map((item) => item.discountedPrice);
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    expect(cheapest[0]).toBe(1_795_00);
    const dearest = (await page({ sort: "-price" })).items.map((item) => item.discountedPrice);
    expect(dearest).toEqual([...cheapest].reverse());

    const newest = await titles({ sort: "-createdAt" });
    expect(newest).toEqual(await titles());
    expect(await titles({ sort: "createdAt" })).toEqual([...newest].reverse());
  });

  it("searches titles for part of a word, ignoring case, best matches first", async () => {
    // A title that starts with the words comes before one where they start a later word.
    const thinkpads = await page({ q: "THINKPAD" });
    expect(thinkpads.items.map((item) => item.title)).toEqual([
      "ThinkPad X1 Carbon Refurbished",
      "Lenovo ThinkPad E14 Gen 5",
    ]);
    expect(thinkpads.total).toBe(2);
    // The home page's "Rental Laptops" banner links to a search for "rent".
    expect(await titles({ q: "rent" })).toEqual(["HP ProBook Rental, per month"]);
    // A search can be sorted and filtered like any listing.
    expect(await titles({ q: "dell", sort: "price" })).toEqual([
      "Dell OptiPlex 7010 Desktop",
      "Dell Inspiron 3520",
    ]);
    expect(await titles({ q: "dell", category: "Desktops" })).toEqual(["Dell OptiPlex 7010 Desktop"]);
  });

  it("finds nothing, with a count of 0 and the full sidebar, when nothing matches", async () => {
    for (const filters of [
      { q: "chromebook" },
      { brand: "Acer" },
      { category: "CCTV", brand: "Apple" },
      { tag: "popular" as const, maxPrice: 5_000 },
      // LIKE wildcards are plain text.
      { q: "_" },
      { q: "%%" },
    ]) {
      const result = await page(filters);
      expect(result.items).toEqual([]);
      expect(result.total).toBe(0);
      expect(result.facets).toEqual({ categories: ALL_CATEGORIES, brands: ALL_BRANDS });
    }
  });
});

describe(`the store page's pages (${databaseKind})`, () => {
  const keyboards = 2 * PAGE_SIZE + 5;

  beforeAll(async () => {
    for (let i = 1; i <= keyboards; i++) {
      await insertProduct(database.db, {
        title: `Zebronics Keyboard K${String(i).padStart(3, "0")}`,
        brand: "Zebronics",
        category: "Keyboards",
        discountedPrice: (500 + i) * 100,
        createdAt: new Date(now - (100 + i) * DAY),
      });
    }
  });

  it(`shows ${PAGE_SIZE} products a page, each product once, and the count of all of them`, async () => {
    const pages = [];
    for (const number of [1, 2, 3])
      pages.push(await page({ category: "Keyboards", sort: "price", page: number }));
    expect(pages.map((p) => p.items.length)).toEqual([PAGE_SIZE, PAGE_SIZE, 5]);
    expect(pages.map((p) => p.total)).toEqual([keyboards, keyboards, keyboards]);
    const seen = pages.flatMap((p) => p.items.map((item) => item.title));
    expect(seen).toEqual(
      Array.from({ length: keyboards }, (_, i) => `Zebronics Keyboard K${String(i + 1).padStart(3, "0")}`),
    );
    // The new category and brand join the sidebar.
    expect(pages[0]?.facets.categories).toContain("Keyboards");
    expect(pages[0]?.facets.brands).toContain("Zebronics");
  });

  it("a page past the last has no products but still the count (the store sends the shopper to the last page)", async () => {
    const past = await page({ category: "Keyboards", page: 4 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(keyboards);
  });

  it("pages through a search and still counts its matches past the last page", async () => {
    const third = await page({ q: "zebronics keyboard", sort: "title", page: 3 });
    expect(third.items.map((item) => item.title)).toEqual(
      [49, 50, 51, 52, 53].map((n) => `Zebronics Keyboard K0${n}`),
    );
    expect(third.total).toBe(keyboards);
    const past = await page({ q: "zebronics keyboard", page: 9 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(keyboards);
  });
});
