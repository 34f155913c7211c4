import { and, asc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, productImports, products, specAttributes, staff } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { CATALOGUE_COLUMNS, catalogueImportMessages } from "~/features/catalogue";
import {
  catalogueCsv,
  commitImport,
  keptImport,
  PREVIEW_PAGE_SIZE,
  parseAdminProductFilters,
  previewPage,
  readCatalogueVersion,
  readProductSpecs,
  uploadCatalogue,
} from "~/features/catalogue/index.server";
import { parseCsv } from "~/lib/csv";
import { databaseKind, openTestDatabase, refusal, type TestDatabase } from "./support/database";

/*
 * The catalogue in bulk (issue 33): the export reads back as no change; a file's preview lists exactly what it
 * would do; the commit writes all of it in one transaction (the catalogue's version moves once) or, with one
 * bad row or a row the database refuses in a later batch, nothing; a blank cell or a missing column keeps a
 * field, `[clear]` empties it; the audit trail names the file and each product's changes.
 */

let database: TestDatabase;
let actor: { id: number; name: string };
const all = parseAdminProductFilters(new URLSearchParams());

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
  const [member] = await database.db
    .insert(staff)
    .values({ email: "imports@kavericomputers.in", name: "Meena", role: "staff" })
    .returning({ id: staff.id, name: staff.name });
  if (!member) throw new Error("no staff member");
  actor = member;
});

afterAll(async () => {
  await database?.drop();
});

const bytes = (text: string) => new TextEncoder().encode(text);

async function upload(text: string, name = "catalogue.csv") {
  return uploadCatalogue(database.db, actor.id, { name, bytes: bytes(text) });
}

/** Uploads and commits a file that must import cleanly; the commit's answer. */
async function imported(text: string) {
  const uploaded = await upload(text);
  if (!uploaded.ok) throw new Error(uploaded.problem);
  expect(uploaded.kept.preview.errors).toEqual([]);
  return commitImport(database.db, actor, uploaded.kept.id, uploaded.kept.fileHash);
}

/** The exported file's rows as objects by column. */
function rowsOf(csv: string): Record<string, string>[] {
  const parsed = parseCsv(csv);
  if (!parsed.ok) throw new Error(parsed.message);
  const [header = [], ...records] = parsed.records;
  return records.map((record) => Object.fromEntries(header.map((column, i) => [column, record[i] ?? ""])));
}

async function product(sku: string) {
  const [row] = await database.db.select().from(products).where(eq(products.sku, sku));
  if (!row) throw new Error(`no product ${sku}`);
  return row;
}

async function laptops() {
  return database.db
    .select({ sku: products.sku, title: products.title })
    .from(products)
    .where(eq(products.category, "Laptops"))
    .orderBy(asc(products.id));
}

describe(`the catalogue's CSV (${databaseKind})`, () => {
  it("exports every product under the columns' header, with its specification", async () => {
    const csv = await catalogueCsv(database.db, all);
    expect(csv.startsWith(`${CATALOGUE_COLUMNS.join(",")}\r\n`)).toBe(true);
    const rows = rowsOf(csv);
    const [{ n }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(products)) as [
      { n: number },
    ];
    expect(rows).toHaveLength(n);
    const [first] = await laptops();
    const row = rows.find((candidate) => candidate.sku === first?.sku);
    expect(row?.title).toBe(first?.title);
    expect(row?.["spec.ram_gb"]).toMatch(/^\d+$/);
    expect(row?.hsn).toBe("8471");
    expect(row?.type).toBe("new");
  });

  it("exports only what a filtered list shows", async () => {
    const csv = await catalogueCsv(
      database.db,
      parseAdminProductFilters(new URLSearchParams("category=CCTV")),
    );
    const rows = rowsOf(csv);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.category === "CCTV")).toBe(true);
  });

  it("re-imports its own export as no change", async () => {
    const csv = await catalogueCsv(database.db, all);
    const uploaded = await upload(`\uFEFF${csv}`);
    if (!uploaded.ok) throw new Error(uploaded.problem);
    expect(uploaded.kept.preview.errors).toEqual([]);
    expect(uploaded.kept.preview.counts).toMatchObject({ create: 0, update: 0, errors: 0 });
    expect(uploaded.kept.preview.counts.unchanged).toBe(rowsOf(csv).length);
  });
});

describe(`importing a catalogue file (${databaseKind})`, () => {
  it("previews three prices, a stock figure and two new laptops, then applies exactly them, once", async () => {
    const [a, b, c, d] = await laptops();
    if (!a || !b || !c || !d) throw new Error("the seed has four laptops");
    const stockBefore = (await product(d.sku)).quantity;
    const newLaptop = (sku: string, title: string, ram: string) => [
      sku,
      title,
      "Kaveri",
      "Laptops",
      "new",
      "",
      "Black",
      "52000",
      "48999",
      "4",
      "",
      "18",
      "no",
      `<p>${title}.</p>`,
      ram,
      "ssd",
      "512",
    ];
    const header =
      "sku,title,brand,category,type,tags,colours,mrp,offer_price,stock,hsn,gst_rate,hidden,description,spec.ram_gb,spec.storage_kind,spec.storage_gb";
    const file = [
      header,
      `${a.sku},,,,,,,70000,61000,,,,,,,,`,
      `${b.sku},,,,,,,70000,61500,,,,,,,,`,
      `${c.sku},,,,,,,70000,62000,,,,,,,,`,
      `${d.sku},,,,,,,,,${stockBefore + 7},,,,,,,`,
      newLaptop("KC-NEW-1", "Kaveri Book 14 i5", "16").join(","),
      newLaptop("KC-NEW-2", "Kaveri Book 15 i7", "32").join(","),
    ].join("\r\n");
    const uploaded = await upload(file, "weekly prices.csv");
    if (!uploaded.ok) throw new Error(uploaded.problem);
    const { preview } = uploaded.kept;
    expect(preview.errors).toEqual([]);
    expect(preview.counts).toEqual({ create: 2, update: 4, unchanged: 0, errors: 0 });
    const changesOf = (sku: string) => preview.items.find((item) => item.sku === sku)?.changes;
    expect(
      changesOf(a.sku)
        ?.map((change) => change.field)
        .sort(),
    ).toEqual(["MRP", "Offer price"].sort());
    expect(changesOf(c.sku)).toContainEqual(
      expect.objectContaining({ field: "Offer price", after: "Rs. 62,000" }),
    );
    expect(changesOf(d.sku)).toEqual([
      { field: "Stock", before: String(stockBefore), after: String(stockBefore + 7) },
    ]);
    expect(changesOf("KC-NEW-1")).toContainEqual({ field: "RAM", before: "", after: "16 GB" });

    const version = await readCatalogueVersion(database.db);
    const done = await commitImport(database.db, actor, uploaded.kept.id, uploaded.kept.fileHash);
    expect(done).toEqual({ ok: true, created: 2, updated: 4, unchanged: 0 });
    expect(await readCatalogueVersion(database.db)).toBe(version + 1);
    expect((await product(a.sku)).discountedPrice).toBe(61_000_00);
    expect((await product(d.sku)).quantity).toBe(stockBefore + 7);
    const made = await product("KC-NEW-2");
    expect(made).toMatchObject({ title: "Kaveri Book 15 i7", discountedPrice: 48_999_00, quantity: 4 });
    expect(await readProductSpecs(database.db, made.id)).toEqual({
      ram_gb: 32,
      storage_kind: "ssd",
      storage_gb: 512,
    });
    // Found by search as a product saved in the form would be.
    expect(made.searchText).toContain("32gb");
    // The upload is gone with its commit.
    expect(await keptImport(database.db, actor.id, uploaded.kept.id)).toBeUndefined();

    const trail = await database.db
      .select({ action: auditLog.action, subject: auditLog.subject, details: auditLog.details })
      .from(auditLog)
      .where(like(auditLog.action, "product.%"));
    expect(trail).toContainEqual(
      expect.objectContaining({
        action: "product.import",
        details: expect.objectContaining({
          file: "weekly prices.csv",
          sha256: uploaded.kept.fileHash,
          created: 2,
          updated: 4,
        }),
      }),
    );
    expect(trail).toContainEqual(
      expect.objectContaining({
        action: "product.update",
        subject: `product ${(await product(d.sku)).id}`,
        details: expect.objectContaining({
          changes: { Stock: { before: String(stockBefore), after: String(stockBefore + 7) } },
        }),
      }),
    );
  });

  it("refuses a file with one bad row whole, naming each error, and changes nothing", async () => {
    const [a, b, c] = await laptops();
    if (!a || !b || !c) throw new Error("the seed has laptops");
    const before = await product(a.sku);
    const version = await readCatalogueVersion(database.db);
    const file = [
      "sku,offer_price,mrp,stock,spec.ram_type,spec.ram_gb",
      `${a.sku},1000,2000,3,,16 GB`,
      `${b.sku},90000,80000,,,`,
      `${a.sku.toLowerCase()},,,5,,`,
      `${c.sku},,,,DDR9,`,
      "KC-BAD-NEW,,,,,",
    ].join("\n");
    const uploaded = await upload(file);
    if (!uploaded.ok) throw new Error(uploaded.problem);
    const { errors } = uploaded.kept.preview;
    expect(errors).toContainEqual({
      row: 3,
      column: "offer_price",
      value: "90000",
      message: "The offer price cannot be more than the MRP",
    });
    expect(errors).toContainEqual(
      expect.objectContaining({ row: 4, column: "sku", message: catalogueImportMessages.skuRepeated(2) }),
    );
    expect(errors).toContainEqual({
      row: 5,
      column: "spec.ram_type",
      value: "DDR9",
      message: "Choose a ram type.",
    });
    // A new product needs its title too: named by its column though the file has none.
    expect(errors).toContainEqual(
      expect.objectContaining({ row: 6, column: "title", message: "Title is Required" }),
    );
    // Row 2 alone was right ("16 GB" read as 16): it is not listed, and not applied either.
    expect(errors.filter((error) => error.row === 2)).toEqual([]);
    const refused = await commitImport(database.db, actor, uploaded.kept.id, uploaded.kept.fileHash);
    expect(refused).toMatchObject({ ok: false, problem: "errors" });
    expect(await product(a.sku)).toEqual(before);
    expect(await readCatalogueVersion(database.db)).toBe(version);
  });

  it("writes nothing when the database refuses a row of a later batch, after the first batch was written", async () => {
    const [a] = await laptops();
    if (!a) throw new Error("the seed has laptops");
    // 501 new laptops: the commit writes them 500 to a statement, so the last one is in a batch of its own,
    // written after the price change and the first 500 products with their colours and specifications.
    const newLaptop = (i: number, ram: number) =>
      `KC-ATOMIC-${i},Atomic Book ${i},Kaveri,Laptops,new,Black,52000,48999,4,<p>A laptop.</p>,${ram},ssd,512`;
    const file = [
      "sku,title,brand,category,type,colours,mrp,offer_price,stock,description,spec.ram_gb,spec.storage_kind,spec.storage_gb",
      `${a.sku},,,,,,70000,60500,,,,,`,
      ...Array.from({ length: 500 }, (_, i) => newLaptop(i + 1, 16)),
      newLaptop(501, 128),
    ].join("\n");
    const uploaded = await upload(file);
    if (!uploaded.ok) throw new Error(uploaded.problem);
    expect(uploaded.kept.preview.counts).toEqual({ create: 501, update: 1, unchanged: 0, errors: 0 });
    const exported = await catalogueCsv(database.db, all);
    const version = await readCatalogueVersion(database.db);
    const trail = () => database.db.select({ id: auditLog.id }).from(auditLog);
    const trailBefore = await trail();

    // The database's own range for RAM (spec_attributes, kept by migrations) narrower than the shop's 256 GB:
    // the plan accepts 128 GB, and the database's range check refuses it only when the last batch is written.
    const ramGb = eq(specAttributes.code, "ram_gb");
    const [range] = await database.db.select({ max: specAttributes.max }).from(specAttributes).where(ramGb);
    expect(range?.max).toBe(256);
    await database.db.update(specAttributes).set({ max: 64 }).where(ramGb);
    try {
      expect(
        await refusal(commitImport(database.db, actor, uploaded.kept.id, uploaded.kept.fileHash)),
      ).toMatch(/^product_specs: ram_gb = 128(\.00)? is outside 1(\.00)? to 64(\.00)?$/);
    } finally {
      await database.db.update(specAttributes).set({ max: range?.max }).where(ramGb);
    }

    // The catalogue exports byte for byte as before: no price change, none of the 500 laptops written first.
    expect(await catalogueCsv(database.db, all)).toBe(exported);
    expect(await readCatalogueVersion(database.db)).toBe(version);
    expect(
      await database.db.select({ id: products.id }).from(products).where(like(products.sku, "KC-ATOMIC-%")),
    ).toEqual([]);
    expect(await trail()).toEqual(trailBefore);
    // The upload waits, to be committed again.
    expect(await keptImport(database.db, actor.id, uploaded.kept.id)).toMatchObject({ id: uploaded.kept.id });
  });

  it("keeps a field for an empty cell or a missing column, and empties it for [clear]", async () => {
    const [a] = await laptops();
    if (!a) throw new Error("the seed has laptops");
    const specsBefore = await readProductSpecs(database.db, (await product(a.sku)).id);
    expect(specsBefore.weight_kg).toBeDefined();
    const before = await product(a.sku);
    const done = await imported(
      `sku,title,stock,spec.weight_kg,tags\r\n${a.sku},,11,[clear],featured|popular\r\n`,
    );
    expect(done).toMatchObject({ ok: true, updated: 1 });
    const after = await product(a.sku);
    expect(after).toMatchObject({ title: before.title, quantity: 11, tags: ["featured", "popular"] });
    const specsAfter = await readProductSpecs(database.db, after.id);
    expect(specsAfter.weight_kg).toBeUndefined();
    expect(specsAfter.ram_gb).toBe(specsBefore.ram_gb);
  });

  it("hides and shows by its column, and never deletes what the file leaves out", async () => {
    const [a] = await laptops();
    if (!a) throw new Error("the seed has laptops");
    const count = async () =>
      ((await database.db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }])[0].n;
    const total = await count();
    await imported(`sku,hidden\n${a.sku},yes\n`);
    expect((await product(a.sku)).hiddenAt).not.toBeNull();
    await imported(`sku,hidden\n${a.sku},no\n`);
    expect((await product(a.sku)).hiddenAt).toBeNull();
    expect(await count()).toBe(total);
  });

  it("imports nothing when the catalogue changed since the preview, and shows the new preview", async () => {
    const [a] = await laptops();
    if (!a) throw new Error("the seed has laptops");
    const uploaded = await upload(`sku,stock\n${a.sku},40\n`);
    if (!uploaded.ok) throw new Error(uploaded.problem);
    // An order takes a unit meanwhile: the preview's "before" is no longer the product's.
    await database.db
      .update(products)
      .set({ quantity: sql`${products.quantity} - 1` })
      .where(eq(products.sku, a.sku));
    const answer = await commitImport(database.db, actor, uploaded.kept.id, uploaded.kept.fileHash);
    expect(answer).toMatchObject({ ok: false, problem: "changed" });
    expect((await product(a.sku)).quantity).not.toBe(40);
    // The renewed preview commits.
    const again = await commitImport(database.db, actor, uploaded.kept.id, uploaded.kept.fileHash);
    expect(again).toMatchObject({ ok: true, updated: 1 });
    expect((await product(a.sku)).quantity).toBe(40);
  });

  it("commits only the file the preview showed, and only for its uploader", async () => {
    const [a] = await laptops();
    if (!a) throw new Error("the seed has laptops");
    const uploaded = await upload(`sku,stock\n${a.sku},41\n`);
    if (!uploaded.ok) throw new Error(uploaded.problem);
    expect(await commitImport(database.db, actor, uploaded.kept.id, "0".repeat(64))).toEqual({
      ok: false,
      problem: "other-file",
    });
    const [other] = await database.db
      .insert(staff)
      .values({ email: "other-importer@kavericomputers.in", name: "Ravi", role: "staff" })
      .returning({ id: staff.id, name: staff.name });
    if (!other) throw new Error("no staff member");
    expect(await keptImport(database.db, other.id, uploaded.kept.id)).toBeUndefined();
    expect(await commitImport(database.db, other, uploaded.kept.id, uploaded.kept.fileHash)).toEqual({
      ok: false,
      problem: "gone",
    });
    expect((await product(a.sku)).quantity).not.toBe(41);
    const kept = await database.db
      .select({ id: productImports.id })
      .from(productImports)
      .where(and(eq(productImports.id, uploaded.kept.id)));
    expect(kept).toHaveLength(1);
  });

  it("refuses whole files that are not a catalogue, keeping nothing", async () => {
    const refusals: [string, string | Uint8Array][] = [
      ["not text", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x81])],
      ["NUL bytes", "sku,stock\nKC-1,\u00004\n"],
      ["broken quoting", 'sku,title\nKC-1,"never closed\n'],
      ["unknown column", "sku,price\nKC-1,4\n"],
      ["no sku column", "title,stock\nA,4\n"],
      ["100 000 columns", `sku,${"stock,".repeat(100_000)}\n`],
    ];
    const keptBefore = await database.db.select({ id: productImports.id }).from(productImports);
    for (const [name, content] of refusals) {
      const answer = await uploadCatalogue(database.db, actor.id, {
        name: `${name}.csv`,
        bytes: typeof content === "string" ? bytes(content) : content,
      });
      expect(answer, name).toMatchObject({ ok: false });
    }
    expect(await database.db.select({ id: productImports.id }).from(productImports)).toHaveLength(
      keptBefore.length,
    );
  });

  it("refuses a cell a spreadsheet would run as a formula, and reads a defused one as text", async () => {
    const [a] = await laptops();
    if (!a) throw new Error("the seed has laptops");
    const uploaded = await upload(`sku,title\n${a.sku},"=HYPERLINK(""http://evil.example"",""Click"")"\n`);
    if (!uploaded.ok) throw new Error(uploaded.problem);
    expect(uploaded.kept.preview.errors).toEqual([
      expect.objectContaining({ row: 2, column: "title", message: catalogueImportMessages.formula }),
    ]);
    await imported(`sku,title\n${a.sku},'=1+1 Laptop\n`);
    expect((await product(a.sku)).title).toBe("=1+1 Laptop");
    // Exported again, it is defused again, and reads back as no change.
    const csv = await catalogueCsv(database.db, all);
    expect(csv).toContain(",'=1+1 Laptop,");
    const again = await upload(csv);
    if (!again.ok) throw new Error(again.problem);
    expect(again.kept.preview.counts).toMatchObject({ create: 0, update: 0, errors: 0 });
  });

  it("keeps an HSN code's leading zero through the export", async () => {
    const [a] = await laptops();
    if (!a) throw new Error("the seed has laptops");
    await database.db.update(products).set({ hsn: "0402" }).where(eq(products.sku, a.sku));
    const csv = await catalogueCsv(database.db, all);
    expect(csv).toContain(',="0402",');
    const again = await upload(csv);
    if (!again.ok) throw new Error(again.problem);
    expect(again.kept.preview.counts.update).toBe(0);
    // A spreadsheet saves the code back as plain text: the same code.
    await imported(`sku,hsn\n${a.sku},0402\n`);
    expect((await product(a.sku)).hsn).toBe("0402");
  });

  it("takes a stock-only file for every laptop", async () => {
    const all2 = await laptops();
    const file = ["sku,stock", ...all2.map((row, i) => `${row.sku},${i + 1}`)].join("\n");
    const done = await imported(file);
    expect(done.ok).toBe(true);
    const stocks = await database.db
      .select({ sku: products.sku, quantity: products.quantity })
      .from(products)
      .where(eq(products.category, "Laptops"))
      .orderBy(asc(products.id));
    expect(stocks.map((row) => row.quantity)).toEqual(all2.map((_, i) => i + 1));
  });

  it("pages the preview of a long file, 50 products a page, the last page for one past it", async () => {
    const header = "sku,title,brand,category,type,colours,mrp,offer_price,stock,description";
    const rows = Array.from(
      { length: 2 * PREVIEW_PAGE_SIZE + 20 },
      (_, i) =>
        `KC-PAGE-${i + 1},Paged Mouse ${i + 1},Logitech,Accessories,new,Black,900,799,5,<p>A mouse.</p>`,
    );
    const uploaded = await upload([header, ...rows].join("\n"));
    if (!uploaded.ok) throw new Error(uploaded.problem);
    expect(uploaded.kept.preview.counts.create).toBe(120);
    const third = previewPage(uploaded.kept, 3);
    expect(third).toMatchObject({ page: 3, pages: 3 });
    expect(third.items.map((item) => item.sku)).toEqual(
      Array.from({ length: 20 }, (_, i) => `KC-PAGE-${101 + i}`),
    );
    expect(previewPage(uploaded.kept, 99).page).toBe(3);
    expect(previewPage(uploaded.kept, 1).items).toHaveLength(PREVIEW_PAGE_SIZE);
  });

  it("keeps a member's newest four uploads waiting, dropping older ones", async () => {
    const [a] = await laptops();
    if (!a) throw new Error("the seed has laptops");
    const ids: number[] = [];
    for (const stock of [1, 2, 3, 4, 5]) {
      const uploaded = await upload(`sku,stock\n${a.sku},${stock}\n`);
      if (!uploaded.ok) throw new Error(uploaded.problem);
      ids.push(uploaded.kept.id);
    }
    const kept = await database.db
      .select({ id: productImports.id })
      .from(productImports)
      .where(eq(productImports.staffId, actor.id));
    expect(kept.map((row) => row.id).sort((x, y) => x - y)).toEqual(ids.slice(1));
  });

  it("refuses a file of blank lines beyond its bound, reading no further", async () => {
    const answer = await upload(`sku,stock\n${"\n".repeat(20_000)}`);
    expect(answer).toEqual({
      ok: false,
      problem: catalogueImportMessages.tooManyRows(10_000),
    });
  });
});
