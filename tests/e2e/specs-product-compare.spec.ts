import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

/*
 * Typed specifications as a shopper meets them (issue 31): the product page's Specifications table and JSON-LD,
 * and compare's rows for them, with "Show only differences". Runs with JavaScript on and off.
 */

const PAVILION =
  "HP Pavilion 15 (2024) Intel Core i5 12th Gen 15.6 inch FHD Laptop, 16GB RAM, 512GB SSD, Windows 11, MS Office, Natural Silver";
const INSPIRON =
  'Dell Inspiron 3520 Intel Core i5-1235U 15.6" FHD 120Hz Laptop, 8GB RAM, 512GB SSD, Windows 11 Home, MS Office 2021, Carbon Black';
const SKYHAWK = "Seagate SkyHawk 2TB Surveillance Hard Drive for DVR / NVR (ST2000VX017)";

/** The path of a seeded product's page, found through the header's search suggestions. */
async function productPath(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get(`/search-suggestions?q=${encodeURIComponent(title.slice(0, 40))}`);
  const { suggestions } = (await response.json()) as { suggestions: { id: number; title: string }[] };
  const match = suggestions.find((s) => s.title === title);
  if (!match) throw new Error(`no seeded product titled ${title}`);
  return `/product/${match.id}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The cells of the table's row headed `label` exactly (a row that differs also says "Differs"). */
function cellsOf(page: Page, table: Locator, label: string): Locator {
  return table
    .locator("tbody tr")
    .filter({
      has: page.locator('th[scope="row"]', { hasText: new RegExp(`^${escapeRegExp(label)}( Differs)?$`) }),
    })
    .locator("td");
}

/** The product page's Specifications section. */
function specifications(page: Page): Locator {
  return page.getByRole("region", { name: "Specifications" });
}

/** The value the product page's specification gives for `label`, in the group `group`. */
async function specOnPage(page: Page, group: string, label: string): Promise<string> {
  const table = specifications(page).getByRole("table", { name: group });
  return ((await cellsOf(page, table, label).textContent()) ?? "").trim();
}

/** Adds the open product page's product to compare and waits for the server's answer. */
async function addToCompare(page: Page) {
  await Promise.all([
    page.waitForResponse(
      (r) =>
        /^\/compare-product(?:\.data)?$/.test(new URL(r.url()).pathname) && r.request().method() === "POST",
    ),
    page.locator(".product-actions").getByRole("button", { name: "Add to compare" }).click(),
  ]);
  await expect(page.getByTestId("toast")).toContainText("Product added to compare");
}

const COMPARED = [
  { group: "Processor and memory", label: "Processor" },
  { group: "Processor and memory", label: "Processor generation" },
  { group: "Processor and memory", label: "RAM" },
  { group: "Storage", label: "Storage type" },
  { group: "Storage", label: "Storage" },
  { group: "Display", label: "Screen size" },
];

test.describe("specifications", () => {
  let pavilionPath = "";
  let inspironPath = "";
  let skyhawkPath = "";
  test.beforeAll(async ({ request }) => {
    pavilionPath = await productPath(request, PAVILION);
    inspironPath = await productPath(request, INSPIRON);
    skyhawkPath = await productPath(request, SKYHAWK);
  });

  test("a laptop's page shows its specification, grouped, as its title says, and in its JSON-LD", async ({
    page,
  }) => {
    await page.goto(pavilionPath);
    const section = specifications(page);
    await expect(section.getByRole("heading", { level: 2, name: "Specifications" })).toBeVisible();
    await expect(section.getByRole("heading", { level: 3 })).toHaveText([
      "Processor and memory",
      "Storage",
      "Display",
      "Graphics",
      "Software and build",
    ]);
    const expected: [string, string, string][] = [
      ["Processor and memory", "Processor", "Intel Core i5"],
      ["Processor and memory", "Processor generation", "12th gen"],
      ["Processor and memory", "RAM", "16 GB"],
      ["Storage", "Storage type", "SSD"],
      ["Storage", "Storage", "512 GB"],
      ["Display", "Screen size", "15.6 inch"],
      ["Display", "Resolution", "Full HD (1920 × 1080)"],
      ["Software and build", "Weight", "1.75 kg"],
      ["Software and build", "Warranty", "12 months"],
    ];
    for (const [group, label, value] of expected) {
      const table = section.getByRole("table", { name: group });
      await expect(cellsOf(page, table, label), `${group}: ${label}`).toHaveText(value);
    }
    // The description keeps its prose beside the table.
    await expect(page.getByRole("heading", { level: 2, name: "Description" })).toBeVisible();

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd.additionalProperty).toEqual(
      expect.arrayContaining([
        { "@type": "PropertyValue", name: "Processor", value: "Intel Core i5" },
        { "@type": "PropertyValue", name: "RAM", value: 16, unitCode: "E34" },
        { "@type": "PropertyValue", name: "Screen size", value: 15.6, unitCode: "INH" },
      ]),
    );
    await expectNoAxeViolations(page);
  });

  test("a product with no specification shows no table and no heading for one", async ({ page }) => {
    await page.goto(skyhawkPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SKYHAWK);
    await expect(page.getByRole("heading", { name: "Specifications" })).toHaveCount(0);
    await expect(specifications(page)).toHaveCount(0);
  });

  test("compare shows each laptop's specification as its page does and marks what differs", async ({
    page,
  }) => {
    const onPages: Record<string, string>[] = [];
    for (const path of [pavilionPath, inspironPath]) {
      await page.goto(path);
      const values: Record<string, string> = {};
      for (const { group, label } of COMPARED) values[label] = await specOnPage(page, group, label);
      onPages.push(values);
      await addToCompare(page);
    }
    expect(onPages[0]?.RAM).toBe("16 GB");
    expect(onPages[1]?.RAM).toBe("8 GB");

    await page.goto("/compare-product");
    const table = page.getByRole("table", { name: "Products you are comparing" });
    await expect(table.getByRole("link", { name: PAVILION })).toBeVisible();
    await expect(table.getByRole("link", { name: INSPIRON })).toBeVisible();
    for (const { label } of COMPARED) {
      await expect(cellsOf(page, table, label), label).toHaveText([
        onPages[0]?.[label] ?? "",
        onPages[1]?.[label] ?? "",
      ]);
    }
    // Rows whose values are not all the same say so in words; the rest do not.
    const ram = table
      .locator("tbody tr")
      .filter({ has: page.locator("th", { hasText: /^RAM( Differs)?$/ }) });
    await expect(ram).toHaveClass(/\bdiffers\b/);
    await expect(ram.locator("th")).toHaveText("RAM Differs");
    await expect(table.getByRole("rowheader", { name: "Processor", exact: true })).toBeVisible();
    // The Inspiron's page names no graphics chip: the row shows a dash for it.
    await expect(cellsOf(page, table, "Graphics processor")).toHaveText(["Intel Iris Xe", "—"]);
    await expect(table.getByRole("rowheader", { name: "Brand Differs" })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "Category", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("Show only differences hides the rows the laptops share and keeps those that differ", async ({
    page,
  }) => {
    for (const path of [pavilionPath, inspironPath]) {
      await page.goto(path);
      await addToCompare(page);
    }
    await page.goto("/compare-product");
    const table = page.getByRole("table", { name: "Products you are comparing" });
    await page.getByRole("link", { name: "Show only differences" }).click();
    await expect(page).toHaveURL(/\/compare-product\?diff=1$/);
    await expect(page.getByText("Showing only the rows where the products differ.")).toBeVisible();
    await expect(cellsOf(page, table, "RAM")).toHaveText(["16 GB", "8 GB"]);
    await expect(cellsOf(page, table, "Price")).toHaveCount(2);
    await expect(cellsOf(page, table, "Brand")).toHaveText(["HP", "Dell"]);
    for (const label of [
      "Processor",
      "Processor generation",
      "Storage",
      "Storage type",
      "Screen size",
      "Category",
    ]) {
      await expect(cellsOf(page, table, label), `${label} is the same for both`).toHaveCount(0);
    }
    await expect(table.getByRole("link", { name: PAVILION })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Show all" }).click();
    await expect(page).toHaveURL(/\/compare-product$/);
    await expect(cellsOf(page, table, "Processor")).toHaveText(["Intel Core i5", "Intel Core i5"]);
    await expect(page.getByRole("link", { name: "Show only differences" })).toBeVisible();
  });

  test("an unknown diff value shows every row, never an error", async ({ page }) => {
    await page.goto(pavilionPath);
    await addToCompare(page);
    await page.goto(inspironPath);
    await addToCompare(page);
    for (const diff of ["0", "yes", "", "%E0%A4", "1x"]) {
      const response = await page.goto(`/compare-product?diff=${diff}`);
      expect(response?.status(), diff).toBe(200);
      const table = page.getByRole("table", { name: "Products you are comparing" });
      await expect(cellsOf(page, table, "Processor"), diff).toHaveText(["Intel Core i5", "Intel Core i5"]);
      await expect(page.getByRole("link", { name: "Show only differences" })).toBeVisible();
    }
  });
});
