import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, colours, productColours, products, staff } from "~/db/schema";
import { productAdminMessages } from "~/features/catalogue";
import {
  addProductImage,
  catalogueFacets,
  createProduct,
  imageSlotsLeft,
  listAdminProducts,
  listColours,
  moveProductImage,
  type ProductValues,
  productForEdit,
  productProblemReply,
  removeProductImage,
  setImageAlt,
  setProductHidden,
  storePage,
  updateProduct,
} from "~/features/catalogue/index.server";
import { PRODUCT_LIMITS, parseAdminProductFilters } from "~/features/catalogue/schemas";
import { storeUploadedImage } from "~/features/images/index.server";
import { readRentalOffer, writeRentalOffer } from "~/features/rentals/index.server";
import type { Config } from "~/lib/config.server";
import { databaseKind, openTestDatabase, raceTest, type TestDatabase } from "./support/database";
import { insertProduct } from "./support/fixtures";

/*
 * The back office's catalogue module: the product list and its filters, creating and editing products (with the
 * stale-copy check and the audit trail), hiding and showing, and pictures. The picture files themselves are
 * app/features/images/images.server.ts's (uploaded-images.test.ts); here they are stored for real in a
 * temporary uploads directory.
 */

const uploadsDir = mkdtempSync(path.join(tmpdir(), "product-admin-uploads-"));

vi.mock("~/lib/config.server", () => ({
  config: () => ({ uploadsDir, isProduction: false }) as Config,
}));

let database: TestDatabase;
let actor: { id: number; name: string };
let black: number;
let silver: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const [member] = await database.db
    .insert(staff)
    .values({ email: "catalogue@kavericomputers.in", name: "Meena", role: "staff" })
    .returning({ id: staff.id, name: staff.name });
  if (!member) throw new Error("no staff member");
  actor = member;
  const rows = await database.db
    .insert(colours)
    .values([
      { name: "Black", value: "#111111" },
      { name: "Silver", value: "#c0c0c0" },
    ])
    .onConflictDoNothing()
    .returning({ id: colours.id, value: colours.value });
  const all = await database.db.select().from(colours);
  black = all.find((c) => c.value === "#111111")?.id ?? rows[0]?.id ?? 0;
  silver = all.find((c) => c.value === "#c0c0c0")?.id ?? 0;
});

afterAll(async () => {
  await database?.drop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

let sequence = 0;

/** What a valid product form gives the module. */
function values(overrides: Partial<ProductValues> = {}): ProductValues {
  sequence += 1;
  return {
    title: `Admin Laptop ${sequence}`,
    description: "<p>A laptop for the back office's tests.</p>",
    brand: "Lenovo",
    category: "Laptops",
    productType: "new",
    tags: ["popular"],
    colourIds: [black],
    originalPrice: 60_000_00,
    discountedPrice: 55_000_00,
    quantity: 9,
    hsn: "8471",
    gstRate: 18,
    ...overrides,
  };
}

async function created(overrides: Partial<ProductValues> = {}) {
  const saved = await createProduct(database.db, actor, values(overrides));
  if (!saved.ok) throw new Error(`create refused: ${saved.problem}`);
  const product = await productForEdit(database.db, saved.id);
  if (!product) throw new Error("the product is gone");
  return product;
}

async function lastAudit(subject: string) {
  const [entry] = await database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, subject))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

const filters = (query: string) => parseAdminProductFilters(new URLSearchParams(query));

describe(`back office: products (${databaseKind})`, () => {
  it("creates a product with its colours, sanitised description and an audit entry", async () => {
    const product = await created({
      description: '<p onclick="steal()">Fast <script>alert(1)</script><b>and light</b></p>',
      colourIds: [silver, black],
      tags: ["featured", "special"],
    });
    expect(product).toMatchObject({
      brand: "Lenovo",
      productType: "new",
      tags: ["featured", "special"],
      colourIds: [black, silver].sort((a, b) => a - b),
      originalPrice: 60_000_00,
      discountedPrice: 55_000_00,
      quantity: 9,
      hiddenAt: null,
      images: [],
    });
    expect(product.description).toBe("<p>Fast <b>and light</b></p>");
    expect(product.version).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const entry = await lastAudit(`product ${product.id}`);
    expect(entry).toMatchObject({ action: "product.create", staffId: actor.id, staffName: "Meena" });
    expect(entry?.details).toMatchObject({
      title: product.title,
      after: { originalPrice: 60_000_00, discountedPrice: 55_000_00, quantity: 9 },
    });
    expect(entry?.details.changed).toEqual(expect.arrayContaining(["title", "discountedPrice", "colours"]));
    // It is in the shop at once.
    const page = await storePage(database.db, { q: product.title, grid: 4, page: 1 });
    expect(page.items.map((item) => item.id)).toEqual([product.id]);
  });

  it("adds a new colour with the product, once; a taken colour value is named back", async () => {
    const product = await created({ colourIds: [], newColour: { name: "Midnight", value: "#101828" } });
    const midnight = (await listColours(database.db)).find((c) => c.value === "#101828");
    expect(midnight?.name).toBe("Midnight");
    expect(product.colourIds).toEqual([midnight?.id]);
    expect((await lastAudit(`colour ${midnight?.id}`))?.action).toBe("colour.create");

    const before = await database.db.select({ id: products.id }).from(products);
    const again = await createProduct(
      database.db,
      actor,
      values({ newColour: { name: "Night blue", value: "#101828" } }),
    );
    expect(again).toEqual({ ok: false, problem: "colour-taken", colourName: "Midnight" });
    // Nothing was written.
    expect(await database.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
  });

  it("refuses unknown colours and a description with nothing the shop can show", async () => {
    expect(await createProduct(database.db, actor, values({ colourIds: [black, 999_999] }))).toEqual({
      ok: false,
      problem: "unknown-colour",
    });
    expect(
      await createProduct(
        database.db,
        actor,
        values({ description: "<script>alert(1)</script><style></style>" }),
      ),
    ).toEqual({ ok: false, problem: "empty-description" });
  });

  it("maps each refusal to its message, status and field", () => {
    expect(productProblemReply({ ok: false, problem: "stale" })).toEqual({
      message: productAdminMessages.stale,
      status: 409,
    });
    expect(productProblemReply({ ok: false, problem: "colour-taken", colourName: "Black" })).toEqual({
      message: productAdminMessages.colourTaken("Black"),
      status: 409,
      field: "newColourValue",
    });
    expect(productProblemReply({ ok: false, problem: "unknown-colour" }).field).toBe("colours");
    expect(productProblemReply({ ok: false, problem: "empty-description" })).toMatchObject({
      status: 400,
      field: "description",
    });
    expect(productProblemReply({ ok: false, problem: "not-found" }).status).toBe(404);
  });

  it("numbers a SKU for a product given none, keeps one typed, and refuses one another product has", async () => {
    const numbered = await created();
    expect(numbered.sku).toMatch(/^KC-\d{5,}$/);
    const typed = await created({ sku: "DL-3440-I5" });
    expect(typed.sku).toBe("DL-3440-I5");
    // Another product with the same SKU is refused beside the field, and nothing is written.
    const before = (await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products))[0]
      ?.n;
    const taken = await createProduct(database.db, actor, values({ sku: "DL-3440-I5" }));
    expect(taken).toEqual({ ok: false, problem: "sku-taken" });
    expect(productProblemReply({ ok: false, problem: "sku-taken" })).toEqual({
      message: productAdminMessages.skuTaken,
      status: 409,
      field: "sku",
    });
    const after = (await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products))[0]
      ?.n;
    expect(after).toBe(before);
    // Renamed on the edit page: the audit names the change; left blank, the SKU stays.
    const renamed = await updateProduct(database.db, actor, numbered.id, numbered.version, {
      ...values({ title: numbered.title, sku: "LN-E14-G5" }),
    });
    expect(renamed).toMatchObject({ ok: true, changed: ["sku"] });
    const reread = await productForEdit(database.db, numbered.id);
    expect(reread?.sku).toBe("LN-E14-G5");
    expect(
      await updateProduct(database.db, actor, numbered.id, reread?.version ?? "", {
        ...values({ title: numbered.title, sku: undefined }),
      }),
    ).toMatchObject({ ok: true, changed: [] });
    const stolen = await updateProduct(database.db, actor, numbered.id, reread?.version ?? "", {
      ...values({ title: numbered.title, sku: "DL-3440-I5" }),
    });
    expect(stolen).toEqual({ ok: false, problem: "sku-taken" });
    // The list finds a product by its SKU.
    const listed = await listAdminProducts(database.db, filters("q=ln-e14"));
    expect(listed.items.map((item) => item.sku)).toEqual(["LN-E14-G5"]);
  });

  it("updates fields and colours; the audit lists what changed with prices and stock before and after", async () => {
    const product = await created();
    const saved = await updateProduct(
      database.db,
      actor,
      product.id,
      product.version,
      values({
        title: product.title,
        description: product.description,
        discountedPrice: 49_999_50,
        quantity: 3,
        colourIds: [black, silver],
      }),
    );
    expect(saved).toEqual({ ok: true, id: product.id, changed: ["discountedPrice", "quantity", "colours"] });
    const after = await productForEdit(database.db, product.id);
    expect(after).toMatchObject({ discountedPrice: 49_999_50, quantity: 3 });
    expect(after?.colourIds).toHaveLength(2);
    expect(after?.version).not.toBe(product.version);
    const entry = await lastAudit(`product ${product.id}`);
    expect(entry?.action).toBe("product.update");
    expect(entry?.details).toMatchObject({
      changed: ["discountedPrice", "quantity", "colours"],
      before: { originalPrice: 60_000_00, discountedPrice: 55_000_00, quantity: 9, colours: [black] },
      after: { originalPrice: 60_000_00, discountedPrice: 49_999_50, quantity: 3 },
    });
  });

  it("a product created or retitled here is found by the shop's search at once, typos and all", async () => {
    const product = await created({ title: "Zebronics Zeb-Transformer Gaming Keyboard", brand: "Zebronics" });
    const search = async (q: string) =>
      (await storePage(database.db, { q, grid: 4, page: 1 })).items.map((item) => item.id);
    expect(await search("zebronics keyboard")).toEqual([product.id]);
    expect(await search("zeb transformer")).toEqual([product.id]);
    const corrected = await storePage(database.db, { q: "zebronucs", grid: 4, page: 1 });
    expect(corrected.search?.used).toBe("zebronics");
    expect(corrected.items.map((item) => item.id)).toEqual([product.id]);

    const saved = await updateProduct(
      database.db,
      actor,
      product.id,
      product.version,
      values({ title: "Portronics Hydra Keyboard", brand: "Portronics", description: product.description }),
    );
    expect(saved.ok).toBe(true);
    expect(await search("portronics hydra")).toEqual([product.id]);
    expect(await search("zebronics keyboard")).toEqual([]);
  });

  it("refuses a save made on a stale copy, and changes nothing", async () => {
    const product = await created();
    const first = await updateProduct(database.db, actor, product.id, product.version, {
      ...values({ title: product.title, description: product.description }),
      quantity: 4,
    });
    expect(first.ok).toBe(true);
    // A colleague's form, opened before that save, with a new colour to add: refused whole.
    const stale = await updateProduct(database.db, actor, product.id, product.version, {
      ...values({ title: "Their title", newColour: { name: "Stale teal", value: "teal" } }),
    });
    expect(stale).toEqual({ ok: false, problem: "stale" });
    const now = await productForEdit(database.db, product.id);
    expect(now).toMatchObject({ title: product.title, quantity: 4 });
    expect((await listColours(database.db)).some((c) => c.value === "teal")).toBe(false);

    // An order taking stock also makes an open form stale (finishPayment sets updated_at).
    await database.db
      .update(products)
      .set({ quantity: sql`${products.quantity} - 1`, updatedAt: new Date() })
      .where(eq(products.id, product.id));
    const afterSale = await updateProduct(database.db, actor, product.id, now?.version ?? "", {
      ...values({ title: product.title, description: product.description }),
      quantity: 4,
    });
    expect(afterSale).toEqual({ ok: false, problem: "stale" });
  });

  raceTest("two saves of the same copy at once: one wins, the other is stale", async () => {
    const product = await created();
    const results = await Promise.all(
      [11, 12].map((quantity) =>
        updateProduct(database.db, actor, product.id, product.version, {
          ...values({ title: product.title, description: product.description }),
          quantity,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, problem: "stale" }]);
  });

  it("a save that changes nothing writes nothing, but a stale one is still refused", async () => {
    const product = await created();
    const same = { ...values(), ...product, newColour: undefined };
    expect(await updateProduct(database.db, actor, product.id, product.version, same)).toEqual({
      ok: true,
      id: product.id,
      changed: [],
    });
    expect((await productForEdit(database.db, product.id))?.version).toBe(product.version);
    expect(await updateProduct(database.db, actor, product.id, "2001-01-01T00:00:00.000000Z", same)).toEqual({
      ok: false,
      problem: "stale",
    });
    expect(await updateProduct(database.db, actor, 999_999, product.version, same)).toEqual({
      ok: false,
      problem: "not-found",
    });
  });

  it("a description stored before the back office counts as unchanged when it sanitises the same", async () => {
    const row = await insertProduct(database.db, { description: '<p onclick="x()">Old <b>text</b></p>' });
    const product = await productForEdit(database.db, row.id);
    if (!product) throw new Error("no product");
    const saved = await updateProduct(database.db, actor, row.id, product.version, {
      ...values({ title: product.title, description: product.description, brand: product.brand }),
      colourIds: product.colourIds,
      tags: product.tags,
      originalPrice: product.originalPrice,
      discountedPrice: product.discountedPrice,
      quantity: 2,
    });
    expect(saved).toEqual({ ok: true, id: row.id, changed: ["quantity"] });
    expect((await productForEdit(database.db, row.id))?.description).toBe("<p>Old <b>text</b></p>");
  });

  it("reads a product for the edit page, hidden or not; null for an unknown id", async () => {
    const product = await created();
    await setProductHidden(database.db, actor, product.id, true);
    expect((await productForEdit(database.db, product.id))?.hiddenAt).toBeInstanceOf(Date);
    expect(await productForEdit(database.db, 999_999)).toBeNull();
  });

  it("hides and shows a product, audited once per change; never deletes it", async () => {
    const product = await created();
    expect(await setProductHidden(database.db, actor, product.id, true)).toEqual({ ok: true });
    expect((await lastAudit(`product ${product.id}`))?.action).toBe("product.hide");
    const hiddenAt = (await productForEdit(database.db, product.id))?.hiddenAt;
    expect(hiddenAt).toBeInstanceOf(Date);
    // Hiding again changes nothing and records nothing.
    const entries = async () =>
      (
        await database.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(eq(auditLog.subject, `product ${product.id}`))
      ).length;
    const count = await entries();
    expect(await setProductHidden(database.db, actor, product.id, true)).toEqual({ ok: true });
    expect(await entries()).toBe(count);
    expect((await storePage(database.db, { q: product.title, grid: 4, page: 1 })).items).toEqual([]);

    expect(await setProductHidden(database.db, actor, product.id, false)).toEqual({ ok: true });
    expect((await lastAudit(`product ${product.id}`))?.action).toBe("product.show");
    expect((await productForEdit(database.db, product.id))?.hiddenAt).toBeNull();
    expect(await setProductHidden(database.db, actor, 999_999, true)).toEqual({
      ok: false,
      problem: "not-found",
    });
  });

  it("lists products newest first, 25 a page, searching titles and brands", async () => {
    const brand = `Brand${Date.now()}`;
    const made = [];
    for (let i = 0; i < 27; i++) made.push(await insertProduct(database.db, { brand, title: `Listed ${i}` }));
    const first = await listAdminProducts(database.db, filters(`brand=${brand}`));
    expect(first.total).toBe(27);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]?.id).toBe(made[26]?.id);
    const second = await listAdminProducts(database.db, filters(`brand=${brand}&page=2`));
    expect(second.items.map((item) => item.id)).toEqual([made[1]?.id, made[0]?.id]);
    // The search finds the brand as well as titles, ignoring case; LIKE wildcards are plain text.
    expect((await listAdminProducts(database.db, filters(`q=${brand.toUpperCase()}`))).total).toBe(27);
    expect((await listAdminProducts(database.db, filters("q=%25%25%25"))).total).toBe(0);
    expect(first.items[0]).toMatchObject({
      brand,
      category: "Laptops",
      productType: "new",
      tags: [],
      hidden: false,
      image: expect.stringContaining("/images/products/"),
    });
  });

  it("filters by category, type, tag, stock and visibility", async () => {
    const category = `Cat${Date.now()}`;
    const lowStock = await insertProduct(database.db, { category, quantity: 2, productType: "refurbished" });
    const soldOut = await insertProduct(database.db, { category, quantity: 0, tags: ["special"] });
    const plenty = await insertProduct(database.db, { category, quantity: 50, productType: "rental" });
    await setProductHidden(database.db, actor, plenty.id, true);
    const ids = async (query: string) =>
      (await listAdminProducts(database.db, filters(`category=${category}&${query}`))).items.map((i) => i.id);
    expect(await ids("")).toEqual([plenty.id, soldOut.id, lowStock.id]);
    expect(await ids("stock=low")).toEqual([lowStock.id]);
    expect(await ids("stock=out")).toEqual([soldOut.id]);
    expect(await ids("type=rental")).toEqual([plenty.id]);
    expect(await ids("tag=special")).toEqual([soldOut.id]);
    expect(await ids("visibility=hidden")).toEqual([plenty.id]);
    expect(await ids("visibility=shown")).toEqual([soldOut.id, lowStock.id]);
    const [row] = (await listAdminProducts(database.db, filters(`category=${category}&visibility=hidden`)))
      .items;
    expect(row?.hidden).toBe(true);
  });

  it("offers every category and brand to the back office, hidden products' too", async () => {
    const hidden = await insertProduct(database.db, {
      category: "Only Hidden Category",
      brand: "Only Hidden Brand",
    });
    await setProductHidden(database.db, actor, hidden.id, true);
    const facets = await catalogueFacets(database.db);
    expect(facets.categories).toContain("Only Hidden Category");
    expect(facets.brands).toContain("Only Hidden Brand");
    expect((await storePage(database.db, { grid: 4, page: 1 })).facets.categories).not.toContain(
      "Only Hidden Category",
    );
  });

  it("lists every colour by name", async () => {
    const names = (await listColours(database.db)).map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names).toEqual(expect.arrayContaining(["Black", "Silver"]));
  });
});

describe(`back office: product pictures (${databaseKind})`, () => {
  async function upload(colour: string): Promise<string> {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const stored = await storeUploadedImage(new Uint8Array(png), "products");
    if (!stored.ok) throw new Error(stored.problem);
    return stored.url;
  }

  const fileOf = (url: string) => path.join(uploadsDir, url.replace(/^\/uploads\//, ""));

  it("adds pictures at the end, with alt text if given, up to the limit", async () => {
    const product = await created();
    expect(await imageSlotsLeft(database.db, product.id)).toBe(PRODUCT_LIMITS.images);
    const first = await upload("#ff0000");
    const second = await upload("#00ff00");
    expect(await addProductImage(database.db, actor, product.id, { url: first })).toEqual({ ok: true });
    expect(await addProductImage(database.db, actor, product.id, { url: second, alt: "Side view" })).toEqual({
      ok: true,
    });
    expect((await productForEdit(database.db, product.id))?.images).toEqual([
      { url: first },
      { url: second, alt: "Side view" },
    ]);
    expect(await lastAudit(`product ${product.id}`)).toMatchObject({
      action: "product.image.add",
      details: { url: second },
    });
    expect(await imageSlotsLeft(database.db, product.id)).toBe(PRODUCT_LIMITS.images - 2);
    // The first picture is the card's.
    const [card] = (await storePage(database.db, { q: product.title, grid: 4, page: 1 })).items;
    expect(card?.image).toBe(first);

    await database.db
      .update(products)
      .set({
        images: Array.from({ length: PRODUCT_LIMITS.images }, (_, i) => ({
          url: `/images/products/${i}.svg`,
        })),
      })
      .where(eq(products.id, product.id));
    expect(await imageSlotsLeft(database.db, product.id)).toBe(0);
    expect(await addProductImage(database.db, actor, product.id, { url: first })).toEqual({
      ok: false,
      problem: "too-many",
    });
    expect(await addProductImage(database.db, actor, 999_999, { url: first })).toEqual({
      ok: false,
      problem: "not-found",
    });
    expect(await imageSlotsLeft(database.db, 999_999)).toBeNull();
  });

  it("moves a picture up and down; the ends stay put; an unknown picture is refused", async () => {
    const product = await created();
    const urls = ["/images/products/a.svg", "/images/products/b.svg", "/images/products/c.svg"];
    await database.db
      .update(products)
      .set({ images: urls.map((url) => ({ url })) })
      .where(eq(products.id, product.id));
    const order = async () => (await productForEdit(database.db, product.id))?.images.map((i) => i.url);
    expect(await moveProductImage(database.db, actor, product.id, urls[2] ?? "", "up")).toEqual({ ok: true });
    expect(await order()).toEqual([urls[0], urls[2], urls[1]]);
    expect(await moveProductImage(database.db, actor, product.id, urls[0] ?? "", "down")).toEqual({
      ok: true,
    });
    expect(await order()).toEqual([urls[2], urls[0], urls[1]]);
    expect(await moveProductImage(database.db, actor, product.id, urls[2] ?? "", "up")).toEqual({ ok: true });
    expect(await order()).toEqual([urls[2], urls[0], urls[1]]);
    expect(await moveProductImage(database.db, actor, product.id, "/images/products/z.svg", "up")).toEqual({
      ok: false,
      problem: "no-image",
    });
    expect((await lastAudit(`product ${product.id}`))?.action).toBe("product.image.move");
  });

  it("sets and clears a picture's alt text", async () => {
    const product = await created();
    const url = "/images/products/alt.svg";
    await database.db
      .update(products)
      .set({ images: [{ url }] })
      .where(eq(products.id, product.id));
    expect(await setImageAlt(database.db, actor, product.id, url, "Keyboard close-up")).toEqual({ ok: true });
    expect((await productForEdit(database.db, product.id))?.images).toEqual([
      { url, alt: "Keyboard close-up" },
    ]);
    expect(await setImageAlt(database.db, actor, product.id, url, undefined)).toEqual({ ok: true });
    expect((await productForEdit(database.db, product.id))?.images).toEqual([{ url }]);
    expect(await setImageAlt(database.db, actor, product.id, "/images/products/none.svg", "x")).toEqual({
      ok: false,
      problem: "no-image",
    });
    expect((await lastAudit(`product ${product.id}`))?.action).toBe("product.image.alt");
  });

  it("removes a picture and deletes its uploaded file; the seed's pictures stay on disk", async () => {
    const product = await created();
    const uploaded = await upload("#0000ff");
    expect(existsSync(fileOf(uploaded))).toBe(true);
    await database.db
      .update(products)
      .set({ images: [{ url: "/images/products/fallback.svg" }, { url: uploaded }] })
      .where(eq(products.id, product.id));
    expect(await removeProductImage(database.db, actor, product.id, uploaded)).toEqual({ ok: true });
    expect(existsSync(fileOf(uploaded))).toBe(false);
    expect((await productForEdit(database.db, product.id))?.images).toEqual([
      { url: "/images/products/fallback.svg" },
    ]);
    expect(await removeProductImage(database.db, actor, product.id, "/images/products/fallback.svg")).toEqual(
      {
        ok: true,
      },
    );
    expect(existsSync(path.resolve("public/images/products/fallback.svg"))).toBe(true);
    expect(await removeProductImage(database.db, actor, product.id, uploaded)).toEqual({
      ok: false,
      problem: "no-image",
    });
    expect(await removeProductImage(database.db, actor, 999_999, uploaded)).toEqual({
      ok: false,
      problem: "not-found",
    });
    expect((await lastAudit(`product ${product.id}`))?.action).toBe("product.image.remove");
  });

  it("picture changes leave the product's version alone: an open edit form stays valid", async () => {
    const product = await created();
    await addProductImage(database.db, actor, product.id, { url: "/images/products/v.svg" });
    const saved = await updateProduct(database.db, actor, product.id, product.version, {
      ...values({ title: product.title, description: product.description }),
      quantity: 1,
    });
    expect(saved.ok).toBe(true);
    const colourRows = await database.db
      .select()
      .from(productColours)
      .where(and(eq(productColours.productId, product.id), inArray(productColours.colourId, [black])));
    expect(colourRows).toHaveLength(1);
  });

  it("keeps a rental with plans priced by its rents, and drops its offer when it is sold instead", async () => {
    const rental = await created({ productType: "rental" });
    await database.db.transaction((tx) =>
      writeRentalOffer(tx, rental.id, {
        deposit: 5_000_00,
        minimumMonths: 1,
        earlyClosure: "reprice",
        closureFeeMonths: 0,
        plans: [
          { months: 1, monthlyRent: 2_000_00 },
          { months: 12, monthlyRent: 1_500_00 },
        ],
      }),
    );
    const offered = await productForEdit(database.db, rental.id);
    const typedPrices = { originalPrice: 60_000_00, discountedPrice: 55_000_00, quantity: 4 };
    const saved = await updateProduct(database.db, actor, rental.id, offered?.version ?? "", {
      ...values({ title: rental.title, description: rental.description, productType: "rental" }),
      ...typedPrices,
    });
    expect(saved).toEqual({ ok: true, id: rental.id, changed: ["quantity"] });
    const kept = await productForEdit(database.db, rental.id);
    expect([kept?.originalPrice, kept?.discountedPrice]).toEqual([2_000_00, 1_500_00]);

    const sold = await updateProduct(database.db, actor, rental.id, kept?.version ?? "", {
      ...values({ title: rental.title, description: rental.description, productType: "refurbished" }),
      ...typedPrices,
    });
    expect(sold.ok).toBe(true);
    expect(await readRentalOffer(database.db, rental.id)).toBeUndefined();
    const now = await productForEdit(database.db, rental.id);
    expect([now?.originalPrice, now?.discountedPrice]).toEqual([60_000_00, 55_000_00]);
  });

  it("saves a rental's plans from the form, priced by them, and audits them before and after", async () => {
    const plan = (rupees: number[]) => ({
      offer: {
        deposit: 8_000_00,
        minimumMonths: 1,
        earlyClosure: "reprice" as const,
        closureFeeMonths: 0,
        plans: rupees.map((r, i) => ({ months: [1, 12][i] ?? 24, monthlyRent: r * 100 })),
      },
    });
    const rental = await created({ productType: "rental", rental: plan([2_500]) });
    expect([rental.originalPrice, rental.discountedPrice]).toEqual([2_500_00, 2_500_00]);
    const saved = await updateProduct(database.db, actor, rental.id, rental.version, {
      ...values({ title: rental.title, description: rental.description, productType: "rental" }),
      rental: plan([2_500, 2_000]),
    });
    expect(saved).toEqual({
      ok: true,
      id: rental.id,
      changed: ["discountedPrice", "rental plans"],
    });
    const entry = await lastAudit(`product ${rental.id}`);
    expect(entry?.details).toMatchObject({
      rental: {
        before: { plans: "1 month Rs. 2,500 / month", deposit: "Rs. 8,000" },
        after: { plans: "1 month Rs. 2,500 / month; 12 months Rs. 2,000 / month" },
      },
    });
  });
});
