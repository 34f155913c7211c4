import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { parseCsv } from "~/lib/csv";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { expect, test } from "./support/test";

/*
 * The catalogue in bulk (issue 33), with JavaScript on and off. Staff export a brand's products, change three
 * prices and a stock figure and add two laptops with their specifications in the file as a spreadsheet saves it;
 * the preview shows exactly those changes; Import applies them and the store shows them at once. A file with
 * bad rows is refused whole, each error named; the export imported again changes nothing. Each test works on
 * products of a brand of its own (both projects share one server, and other tests read the seed's products).
 */

type Sheet = { header: string[]; rows: string[][] };

/** The file as a spreadsheet reads it. */
function sheetOf(csv: string): Sheet {
  const parsed = parseCsv(csv);
  if (!parsed.ok) throw new Error(parsed.message);
  const [header = [], ...rows] = parsed.records;
  return { header, rows };
}

/** The file as a spreadsheet saves it ("CSV UTF-8"): a byte-order mark, quotes only where needed, CRLF. */
function saved({ header, rows }: Sheet): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  // A spreadsheet shows ="8471" as 8471 and saves it so.
  const shown = (value: string) => value.replace(/^="(\d+)"$/, "$1");
  return `\uFEFF${[header, ...rows].map((cells) => cells.map(shown).map(cell).join(",")).join("\r\n")}\r\n`;
}

const set = (sheet: Sheet, row: string[], column: string, value: string) => {
  const at = sheet.header.indexOf(column);
  if (at < 0) throw new Error(`no column ${column}`);
  row[at] = value;
};
const get = (sheet: Sheet, row: string[], column: string) => row[sheet.header.indexOf(column)] ?? "";

/** Four laptops of a brand of the test's own, made through the new-product form's post; their pages. */
async function ownLaptops(page: Page, brand: string): Promise<string[]> {
  const pages: string[] = [];
  for (const n of [1, 2, 3, 4]) {
    const created = await page.request.post("/admin/products/new", {
      multipart: {
        title: `${brand} Book ${n}`,
        description: "<p>A laptop the import changes.</p>",
        brand,
        category: "Laptops",
        productType: "new",
        colours: "1",
        mrp: "70000",
        offerPrice: "65000",
        stock: "4",
      },
      maxRedirects: 0,
    });
    expect(created.status(), "the owner creates the laptop").toBe(303);
    pages.push(created.headers().location ?? "");
  }
  return pages;
}

async function exported(page: Page, brand: string): Promise<string> {
  const answer = await page.request.get(`/admin/products.csv?brand=${encodeURIComponent(brand)}`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const bytes = await answer.body();
  // UTF-8's byte-order mark, so a spreadsheet reads ₹ and Kannada.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString("utf8");
}

async function uploadFile(page: Page, name: string, text: string) {
  await page.goto("/admin/products/import");
  await page
    .getByLabel("CSV file", { exact: true })
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Preview the import" }).click();
}

const changesOf = (page: Page, sku: string) =>
  page.getByRole("row").filter({ has: page.getByRole("cell", { name: sku, exact: true }) });

test.describe("back office: the catalogue in bulk", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("staff export, change three prices and a stock figure, add two laptops, preview and import", async ({
    page,
  }, testInfo) => {
    test.slow();
    const brand = `Bulk${testInfo.project.name.replace(/\W/g, "")}${randomBytes(3).toString("hex")}`;
    await staffLogIn(page, owner);
    const pages = await ownLaptops(page, brand);
    await page.goto("/admin/products");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/admin/products.csv",
    );

    const sheet = sheetOf(await exported(page, brand));
    expect(sheet.rows).toHaveLength(4);
    // Oldest first, as made.
    const [first, second, third, fourth] = sheet.rows as [string[], string[], string[], string[]];
    expect(get(sheet, first, "title")).toBe(`${brand} Book 1`);
    set(sheet, first, "offer_price", "61000");
    set(sheet, second, "offer_price", "62000");
    set(sheet, third, "mrp", "72000");
    set(sheet, fourth, "stock", "9");
    const newLaptop = (n: number, ram: string) => {
      const row = sheet.header.map(() => "");
      const cells: Record<string, string> = {
        sku: `${brand.toUpperCase()}-NEW-${n}`,
        title: `${brand} Pro ${n}`,
        brand,
        category: "Laptops",
        type: "new",
        colours: "Black",
        mrp: "90000",
        offer_price: "84999",
        stock: "3",
        gst_rate: "18",
        hidden: "no",
        description: `<p>${brand} Pro ${n}, a new laptop.</p>`,
        "spec.cpu": "Core i7",
        "spec.ram_gb": ram,
        "spec.storage_kind": "SSD",
        "spec.storage_gb": "1024",
        "spec.screen_in": "14",
      };
      for (const [column, value] of Object.entries(cells)) set(sheet, row, column, value);
      return row;
    };
    sheet.rows.push(newLaptop(1, "16 GB"), newLaptop(2, "32"));

    await uploadFile(page, "catalogue.csv", saved(sheet));
    await expect(page).toHaveURL(/\/admin\/products\/import\/\d+$/);
    const preview = page.getByRole("region", { name: "Preview of catalogue.csv" });
    await expect(preview.getByRole("listitem").filter({ hasText: "to create" })).toHaveText(
      "2 products to create",
    );
    await expect(preview.getByRole("listitem").filter({ hasText: "to update" })).toHaveText(
      "4 products to update",
    );
    await expect(preview.getByRole("listitem").filter({ hasText: "error" })).toHaveText("0 errors");
    const sku = (row: string[]) => get(sheet, row, "sku");
    await expect(changesOf(page, sku(first)).getByRole("listitem")).toHaveText([
      "Offer price: Rs. 65,000 → Rs. 61,000",
    ]);
    await expect(changesOf(page, sku(second)).getByRole("listitem")).toHaveText([
      "Offer price: Rs. 65,000 → Rs. 62,000",
    ]);
    await expect(changesOf(page, sku(third)).getByRole("listitem")).toHaveText([
      "MRP: Rs. 70,000 → Rs. 72,000",
    ]);
    await expect(changesOf(page, sku(fourth)).getByRole("listitem")).toHaveText(["Stock: 4 → 9"]);
    const made = changesOf(page, `${brand.toUpperCase()}-NEW-2`);
    await expect(made).toContainText("(new)");
    await expect(made.getByRole("listitem").filter({ hasText: "RAM:" })).toHaveText("RAM: 32 GB");
    await expect(made.getByRole("listitem").filter({ hasText: "Processor:" })).toHaveText(
      "Processor: Intel Core i7",
    );

    await page.getByRole("button", { name: "Import: create 2, update 4" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByTestId("toast")).toContainText(
      "Catalogue imported: 2 products created, 4 updated",
    );

    // The store shows it at once: the new price on the product's page, the new laptops in the 32 GB facet.
    const shopPage = (edit: string) => edit.replace("/admin/products/", "/product/");
    await page.goto(shopPage(pages[0] ?? ""));
    await expect(page.locator("main")).toContainText("Rs. 61,000");
    await page.goto(`/product?category=Laptops&ram=32-&brand=${encodeURIComponent(brand)}`);
    await expect(page.locator(".product-card-title")).toHaveText([`${brand} Pro 2`]);
  });

  test("a file with bad rows is refused whole, each error named, and nothing changes", async ({
    page,
  }, testInfo) => {
    const brand = `Bad${testInfo.project.name.replace(/\W/g, "")}${randomBytes(3).toString("hex")}`;
    await staffLogIn(page, owner);
    await ownLaptops(page, brand);
    const before = await exported(page, brand);
    const sheet = sheetOf(before);
    const [first, second, third] = sheet.rows as [string[], string[], string[]];
    set(sheet, first, "spec.ram_type", "DDR9");
    set(sheet, second, "offer_price", "99000");
    set(sheet, third, "sku", get(sheet, first, "sku"));
    set(sheet, third, "stock", "1");

    await uploadFile(page, "bad.csv", saved(sheet));
    const preview = page.getByRole("region", { name: "Preview of bad.csv" });
    await expect(preview.getByRole("alert")).toHaveText(
      "The file has errors, so nothing was imported. Mend the rows below and upload the file again.",
    );
    const errors = preview.getByRole("table", { name: "Errors" });
    await expect(errors.getByRole("row").filter({ hasText: "spec.ram_type" })).toContainText("DDR9");
    await expect(errors.getByRole("row").filter({ hasText: "offer_price" })).toContainText(
      "The offer price cannot be more than the MRP",
    );
    await expect(errors.getByRole("row").filter({ hasText: "This SKU is also on row 2" })).toHaveCount(1);
    await expect(preview.getByRole("button", { name: /^Import/ })).toBeDisabled();
    const download = await page.request.get(
      (await preview.getByRole("link", { name: "Download the errors as CSV" }).getAttribute("href")) ?? "",
    );
    expect(sheetOf((await download.body()).subarray(3).toString("utf8")).rows).toHaveLength(3);
    expect(await exported(page, brand)).toBe(before);
  });

  test("the export imported again reports no change", async ({ page }, testInfo) => {
    const brand = `Same${testInfo.project.name.replace(/\W/g, "")}${randomBytes(3).toString("hex")}`;
    await staffLogIn(page, owner);
    await ownLaptops(page, brand);
    await uploadFile(page, "same.csv", saved(sheetOf(await exported(page, brand))));
    const preview = page.getByRole("region", { name: "Preview of same.csv" });
    await expect(preview.getByRole("listitem").filter({ hasText: "unchanged" })).toHaveText(
      "4 products unchanged",
    );
    await expect(preview).toContainText("The file changes nothing");
    await expect(preview.getByRole("button", { name: /^Import/ })).toHaveCount(0);
    await preview.getByRole("button", { name: "Discard" }).click();
    await expect(page.getByTestId("toast")).toContainText("Import discarded. Nothing was changed.");
  });
});
