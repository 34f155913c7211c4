import type { Page } from "@playwright/test";
import { seedProducts } from "~/db/seed-data";
import { seedSpecs } from "~/db/seed-specs";
import { wholeTitles } from "./support/cards";
import { expect, test } from "./support/test";

/*
 * Choosing a laptop or a camera by its specification, or any product by its type (new, refurbished, rental), in
 * the store, with JavaScript on and off: the facets are links, their counts what the links list, and the seed's
 * specifications and types what they find.
 */

const laptops = seedProducts.filter((product) => product.category === "Laptops");
const withRam = (gb: number) => laptops.filter((product) => seedSpecs[product.title]?.ram_gb === gb);
const titlesOf = (products: typeof seedProducts) => products.map((product) => product.title).sort();

/**
 * The seed's products among the cards. Other tests add products of their own while this file runs, so a
 * listing holds the seed's matches and perhaps theirs; oldest first puts the seed's on the first page.
 */
const seedTitles = new Set(seedProducts.map((product) => product.title));
const seedCardTitles = async (page: Page) =>
  (await cardTitles(page)).filter((title) => seedTitles.has(title)).sort();

/** The count a facet's link gives ("16 GB (12)"). */
async function linkCount(page: Page, name: string, value: RegExp): Promise<number> {
  const text = (await facet(page, name).getByRole("link", { name: value }).textContent()) ?? "";
  return Number(/\((\d+)\)\s*$/.exec(text)?.[1]);
}

/** The number the results heading gives ("12 Products"). */
async function shownCount(page: Page): Promise<number> {
  const text = (await page.locator("#results-heading").textContent()) ?? "";
  return Number(/^(\d+)/.exec(text.trim())?.[1] ?? Number.NaN);
}

/** Every card's full title (the text may be cut). */
const cardTitles = (page: Page) => wholeTitles(page.locator(".product-card-title a"));

/** A facet's links as [href, text]. */
const facetLinks = (page: Page, name: string) =>
  facet(page, name)
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => [link.getAttribute("href") ?? "", link.textContent ?? ""]));

const facet = (page: Page, name: string) =>
  page.getByRole("region", { name: "Specifications" }).getByRole("region", { name, exact: true });

/** The filter panel's Type group. */
const typeGroup = (page: Page) => page.getByRole("region", { name: "Type", exact: true });

/** The count a type's link gives ("Refurbished (9)"). */
async function typeCount(page: Page, name: string): Promise<number> {
  const text =
    (await typeGroup(page)
      .getByRole("link", { name: new RegExp(`^${name} \\(`) })
      .textContent()) ?? "";
  return Number(/\((\d+)\)\s*$/.exec(text)?.[1]);
}

/** Every card's type, as its meta line starts ("Refurbished" before the brand). */
const cardTypes = (page: Page) =>
  page
    .locator(".product-card-meta")
    .evaluateAll((lines) => lines.map((line) => line.firstChild?.textContent?.trim() ?? ""));

test.describe("the store's specification facets", () => {
  test("ram=16 lists only the laptops with 16 GB, and 8 GB keeps its own count", async ({ page }) => {
    await page.goto("/product?category=Laptops&sort=createdAt");
    await facet(page, "RAM")
      .getByRole("link", { name: /^16 GB/ })
      .click();
    await expect(page).toHaveURL(/\/product\?category=Laptops&ram=16&sort=createdAt$/);
    await expect.poll(() => seedCardTitles(page)).toEqual(titlesOf(withRam(16)));
    // The heading and the link count what is listed, the seed's laptops and those other tests added.
    const listed = await shownCount(page);
    expect(listed).toBeGreaterThanOrEqual(withRam(16).length);
    expect(await linkCount(page, "RAM", /^16 GB/)).toBe(listed);

    const ram = facet(page, "RAM");
    await expect(ram.getByRole("link", { name: /^16 GB/ })).toHaveAttribute("aria-current", "true");
    expect(await linkCount(page, "RAM", /^8 GB/)).toBeGreaterThanOrEqual(withRam(8).length);
    await expect(page.getByRole("navigation", { name: "Active filters" })).toContainText("RAM: 16 GB");

    // What the facet found, the product's page says: its Specifications table reads 16 GB.
    await page.locator(".product-card-title a").first().click();
    await expect(
      page
        .getByRole("table", { name: "Processor and memory" })
        .getByRole("row", { name: /^RAM \d/ })
        .getByRole("cell"),
    ).toHaveText("16 GB");
  });

  test("each count is the number of products its link lists", async ({ page }) => {
    await page.goto("/product?category=Laptops&ram=16");
    const links = await facetLinks(page, "Processor");
    const storage = await facetLinks(page, "Storage type");
    expect(links.length).toBeGreaterThan(1);
    for (const [href, text] of [...links, ...storage]) {
      const count = Number(/\((\d+)\)\s*$/.exec(text ?? "")?.[1]);
      await page.goto(href ?? "");
      expect(await shownCount(page), `${text} → ${href}`).toBe(count);
    }
  });

  test("a refurbished Core i5 with 16 GB and an SSD is found by facets alone", async ({ page }) => {
    await page.goto("/product?category=Laptops&sort=createdAt");
    for (const [name, value] of [
      ["Processor", /^Intel Core i5/],
      ["RAM", /^16 GB/],
      ["Storage type", /^SSD/],
      ["Refurbished grade", /^Grade A/],
    ] as const) {
      await facet(page, name).getByRole("link", { name: value }).click();
      await expect(facet(page, name).getByRole("link", { name: value })).toHaveAttribute(
        "aria-current",
        "true",
      );
    }
    await expect(page).toHaveURL(
      /\/product\?category=Laptops&cpu=core-i5&ram=16&disk=ssd&grade=a&sort=createdAt$/,
    );
    const expected = laptops.filter((product) => {
      const specs = seedSpecs[product.title];
      return (
        specs?.cpu === "core-i5" && specs.ram_gb === 16 && specs.storage_kind === "ssd" && specs.grade === "a"
      );
    });
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => seedCardTitles(page)).toEqual(titlesOf(expected));
    await expect(page.locator(".product-card").first()).toContainText("Refurbished");
  });

  test("an unknown facet value or key goes to the clean URL, and a chip takes one value off", async ({
    page,
  }) => {
    await page.goto("/product?category=Laptops&ram=16&cpu=ryzen-5&cpu=core-i5&ram=99&colour=red&page=1");
    await expect(page).toHaveURL(/\/product\?category=Laptops&cpu=core-i5&cpu=ryzen-5&ram=16$/);
    await page
      .getByRole("navigation", { name: "Active filters" })
      .getByRole("link", { name: "Remove Processor: AMD Ryzen 5" })
      .click();
    await expect(page).toHaveURL(/\/product\?category=Laptops&cpu=core-i5&ram=16$/);
  });

  test("cameras get their own facets, and a laptop's do not show there", async ({ page }) => {
    await page.goto("/product?category=CCTV&sort=createdAt");
    await expect(facet(page, "Form")).toBeVisible();
    await expect(facet(page, "RAM")).toHaveCount(0);
    await facet(page, "Form").getByRole("link", { name: /^Dome/ }).click();
    await expect(page).toHaveURL(/\/product\?category=CCTV&form=dome&sort=createdAt$/);
    const domes = seedProducts.filter((product) => seedSpecs[product.title]?.cctv_form === "dome");
    await expect.poll(() => seedCardTitles(page)).toEqual(titlesOf(domes));
  });
});

test.describe("the facets on a phone", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("sit in the Filters drawer, folded until opened", async ({ page }) => {
    await page.goto("/product?category=Laptops");
    await expect(facet(page, "RAM")).toBeHidden();
    await page.locator(".filter-drawer > summary").click();
    await facet(page, "RAM")
      .getByRole("link", { name: /^16 GB/ })
      .click();
    await expect(page).toHaveURL(/\/product\?category=Laptops&ram=16$/);
    await expect(page.locator(".filter-drawer > summary")).toHaveText("Filters (2)");
  });

  test("the types sit in the Filters drawer too", async ({ page }) => {
    await page.goto("/product");
    await expect(typeGroup(page)).toBeHidden();
    await page.locator(".filter-drawer > summary").click();
    await typeGroup(page)
      .getByRole("link", { name: /^Refurbished/ })
      .click();
    await expect(page).toHaveURL(/\/product\?type=refurbished$/);
    await expect(page.locator(".filter-drawer > summary")).toHaveText("Filters (1)");
  });
});

test.describe("the store's product types", () => {
  test("type=refurbished lists only refurbished machines, New adds the new ones, a chip takes one off", async ({
    page,
  }) => {
    await page.goto("/product?type=refurbished&sort=createdAt");
    const refurbished = await shownCount(page);
    expect(refurbished).toBeGreaterThanOrEqual(
      seedProducts.filter((product) => product.productType === "refurbished").length,
    );
    expect(refurbished).toBeLessThanOrEqual(24);
    // Every card listed is refurbished, and the link's count is what is listed.
    expect(await cardTypes(page)).toEqual(Array(refurbished).fill("Refurbished"));
    expect(await typeCount(page, "Refurbished")).toBe(refurbished);
    await expect(typeGroup(page).getByRole("link", { name: /^Refurbished/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // New keeps its own count with Refurbished chosen.
    const news = await typeCount(page, "New");
    expect(news).toBeGreaterThanOrEqual(
      seedProducts.filter((product) => product.productType === "new").length,
    );

    await typeGroup(page).getByRole("link", { name: /^New/ }).click();
    await expect(page).toHaveURL(/\/product\?type=new&type=refurbished&sort=createdAt$/);
    await expect.poll(() => shownCount(page)).toBe(news + refurbished);
    const others = (await cardTypes(page)).filter((type) => type !== "New" && type !== "Refurbished");
    expect(others).toEqual([]);
    const chips = page.getByRole("navigation", { name: "Active filters" });
    await expect(chips).toContainText("Type: New");
    await expect(chips).toContainText("Type: Refurbished");

    await chips.getByRole("link", { name: "Remove Type: New" }).click();
    await expect(page).toHaveURL(/\/product\?type=refurbished&sort=createdAt$/);
    await expect.poll(() => shownCount(page)).toBe(refurbished);
    expect(await cardTypes(page)).toEqual(Array(refurbished).fill("Refurbished"));
  });

  test("a type combines with a category and a facet, counts within them, and shows 0 greyed", async ({
    page,
  }) => {
    await page.goto("/product?category=Laptops&type=refurbished&ram=16&sort=createdAt");
    const expected = withRam(16).filter((product) => product.productType === "refurbished");
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => seedCardTitles(page)).toEqual(titlesOf(expected));
    const listed = await shownCount(page);
    expect(await typeCount(page, "Refurbished")).toBe(listed);
    // The type narrows the specification's counts: 16 GB counts the refurbished laptops only.
    expect(await linkCount(page, "RAM", /^16 GB/)).toBe(listed);

    // A grade is a refurbished machine's: with one chosen, New has nothing behind it and is no link.
    await page.goto("/product?category=Laptops&grade=a");
    await expect(typeGroup(page).getByText(/^New \(0\)$/)).toHaveAttribute("aria-disabled", "true");
    await expect(typeGroup(page).getByRole("link", { name: /^New/ })).toHaveCount(0);
    expect(await typeCount(page, "Refurbished")).toBe(await shownCount(page));
  });

  test("an unknown type goes to the clean URL", async ({ page }) => {
    await page.goto("/product?type=used&type=refurbished&category=Laptops&type=refurbished");
    await expect(page).toHaveURL(/\/product\?category=Laptops&type=refurbished$/);
    expect(new Set(await cardTypes(page))).toEqual(new Set(["Refurbished"]));
  });
});
