import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, colours, products, specAttributes, staff } from "~/db/schema";
import { describeAuditDetails } from "~/features/audit";
import { productAdminMessages, type SpecValues } from "~/features/catalogue";
import {
  createProduct,
  listAdminProducts,
  type ProductValues,
  productForEdit,
  productProblemReply,
  readProductSpecs,
  updateProduct,
} from "~/features/catalogue/index.server";
import { parseAdminProductFilters } from "~/features/catalogue/schemas";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";

/*
 * A product's specification in the back office: saved with the product in one transaction, only the fields the
 * form showed replacing what is stored, values that do not fit refused with their field's message (and those
 * the database alone refuses with a message too, never an error), each change audited with its value before
 * and after, and the product list filtered by it.
 */

let database: TestDatabase;
let actor: { id: number; name: string };
let black = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  const [member] = await database.db
    .insert(staff)
    .values({ email: "specs@kavericomputers.in", name: "Meena", role: "staff" })
    .returning({ id: staff.id, name: staff.name });
  if (!member) throw new Error("no staff member");
  actor = member;
  const [colour] = await database.db
    .insert(colours)
    .values({ name: "Spec Black", value: "#101010" })
    .returning({ id: colours.id });
  black = colour?.id ?? 0;
});

afterAll(async () => {
  await database?.drop();
});

let sequence = 0;
/** A brand of this run's own, so the list's filters see only this file's products. */
const brand = `SpecBrand${Date.now()}`;

/** A valid product form's values for a new laptop, with the specification the form showed. */
function values(overrides: Partial<ProductValues> = {}): ProductValues {
  sequence += 1;
  return {
    title: `Spec Laptop ${sequence}`,
    description: "<p>A laptop with a specification.</p>",
    brand,
    category: "Laptops",
    productType: "new",
    tags: [],
    colourIds: [black],
    originalPrice: 60_000_00,
    discountedPrice: 55_000_00,
    quantity: 9,
    hsn: "8471",
    gstRate: 18,
    ...overrides,
  };
}

/** The form's specification: these values, with every attribute in `shown` on the form. */
const form = (specValues: SpecValues, shown: string[] = Object.keys(specValues)) => ({
  values: specValues,
  shown,
});

async function created(overrides: Partial<ProductValues> = {}) {
  const saved = await createProduct(database.db, actor, values(overrides));
  if (!saved.ok) throw new Error(`create refused: ${saved.problem}`);
  const product = await productForEdit(database.db, saved.id);
  if (!product) throw new Error("the product is gone");
  return product;
}

/** An edit of `product` as its form would send it, with `changes`. */
function edit(
  product: NonNullable<Awaited<ReturnType<typeof productForEdit>>>,
  changes: Partial<ProductValues>,
) {
  return updateProduct(database.db, actor, product.id, product.version, {
    ...values(),
    title: product.title,
    description: product.description,
    category: product.category,
    productType: product.productType,
    ...changes,
  });
}

async function lastAudit(productId: number) {
  const [entry] = await database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `product ${productId}`))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

const specsOf = (id: number) => readProductSpecs(database.db, id);

describe(`back office: product specifications (${databaseKind})`, () => {
  it("a new product is created with its specification, audited as people read it", async () => {
    const product = await created({
      specs: form({ ram_gb: 16, cpu: "core-i5", screen_in: 15.6 }, ["ram_gb", "cpu", "screen_in", "os"]),
    });
    expect(await specsOf(product.id)).toEqual({ ram_gb: 16, cpu: "core-i5", screen_in: 15.6 });
    const entry = await lastAudit(product.id);
    expect(entry?.action).toBe("product.create");
    expect(entry?.details).toMatchObject({
      changed: expect.arrayContaining(["specification"]),
      specification: { Processor: "Intel Core i5", RAM: "16 GB", "Screen size": "15.6 inch" },
    });
    // Without one, nothing is stored and the audit says nothing of it.
    const plain = await created();
    expect(await specsOf(plain.id)).toEqual({});
    expect((await lastAudit(plain.id))?.details).not.toHaveProperty("specification");
  });

  it("an edit replaces what the form showed, keeps the rest, and audits each change before and after", async () => {
    const product = await created({
      specs: form({ ram_gb: 8, cpu: "core-i5", storage_gb: 512, os: "windows-11-home" }),
    });
    // The form showed RAM and storage (storage left empty: no longer stated), not the processor or OS.
    const saved = await edit(product, { specs: form({ ram_gb: 16 }, ["ram_gb", "storage_gb"]) });
    expect(saved).toEqual({ ok: true, id: product.id, changed: ["specification"] });
    expect(await specsOf(product.id)).toEqual({ ram_gb: 16, cpu: "core-i5", os: "windows-11-home" });
    const after = await productForEdit(database.db, product.id);
    expect(after?.version, "a specification change is a change of the product").not.toBe(product.version);

    const entry = await lastAudit(product.id);
    expect(entry?.action).toBe("product.update");
    expect(entry?.details).toMatchObject({
      changed: ["specification"],
      specification: {
        RAM: { before: "8 GB", after: "16 GB" },
        Storage: { before: "512 GB", after: null },
      },
    });
    expect(describeAuditDetails(entry?.details ?? {})).toContain(
      "specification: RAM 8 GB → 16 GB; Storage 512 GB → —",
    );

    // The same values again: nothing written, the version stays.
    if (!after) throw new Error("no product");
    expect(await edit(after, { specs: form({ ram_gb: 16, cpu: "core-i5" }) })).toEqual({
      ok: true,
      id: product.id,
      changed: [],
    });
    expect((await productForEdit(database.db, product.id))?.version).toBe(after.version);
  });

  it("a stale copy's specification is refused with the rest of its changes", async () => {
    const product = await created({ specs: form({ ram_gb: 8 }) });
    expect((await edit(product, { quantity: 3 })).ok).toBe(true);
    expect(await edit(product, { specs: form({ ram_gb: 32 }) })).toEqual({ ok: false, problem: "stale" });
    expect(await specsOf(product.id)).toEqual({ ram_gb: 8 });
  });

  it("a new category or type drops the values that no longer apply; a category of the same fields keeps them", async () => {
    const product = await created({
      productType: "refurbished",
      specs: form({ ram_gb: 8, grade: "b" }),
    });
    // A desktop has a laptop's fields; a new machine has no refurbished grade.
    const saved = await edit(product, { category: "Desktops", productType: "new" });
    expect(saved).toMatchObject({ ok: true, changed: ["category", "productType", "specification"] });
    expect(await specsOf(product.id)).toEqual({ ram_gb: 8 });
    expect((await lastAudit(product.id))?.details).toMatchObject({
      specification: { "Refurbished grade": { before: "Grade B: light marks", after: null } },
    });

    // A camera has none of a computer's attributes.
    const now = await productForEdit(database.db, product.id);
    if (!now) throw new Error("no product");
    // The form, drawn for the desktop, still carries its RAM field: ignored for a camera.
    expect((await edit(now, { category: "CCTV", specs: form({ ram_gb: 16 }) })).ok).toBe(true);
    expect(await specsOf(product.id)).toEqual({});
    expect((await lastAudit(product.id))?.details).toMatchObject({
      specification: { RAM: { before: "8 GB", after: null } },
    });
  });

  it("refuses a value that does not fit the product, on its field, and writes nothing", async () => {
    const product = await created({ specs: form({ ram_gb: 8 }) });
    const tooMuch = await edit(product, { brand: "Changed", specs: form({ ram_gb: 999 }) });
    expect(tooMuch).toEqual({
      ok: false,
      problem: "spec",
      code: "ram_gb",
      message: "RAM must be from 1 to 256 GB.",
    });
    if (tooMuch.ok) throw new Error("saved");
    expect(productProblemReply(tooMuch)).toEqual({
      message: "RAM must be from 1 to 256 GB.",
      status: 400,
      field: "spec.ram_gb",
    });
    expect(await edit(product, { specs: form({ cpu: "pentium-4" }) })).toMatchObject({
      problem: "spec",
      code: "cpu",
      message: "Choose a processor.",
    });
    expect(await createProduct(database.db, actor, values({ specs: form({ ram_gb: 0.5 }) }))).toMatchObject({
      ok: false,
      problem: "spec",
      code: "ram_gb",
    });
    expect(await specsOf(product.id)).toEqual({ ram_gb: 8 });
    expect((await productForEdit(database.db, product.id))?.brand).toBe(brand);
    // The control: a value that fits is saved.
    expect((await edit(product, { specs: form({ ram_gb: 32 }) })).ok).toBe(true);
    expect(await specsOf(product.id)).toEqual({ ram_gb: 32 });
  });

  it("a value only the database refuses (its ranges a migration behind the code's) is refused with a message", async () => {
    const product = await created({ specs: form({ ram_gb: 8 }) });
    const title = `Refused by the database ${sequence}`;
    await database.db.update(specAttributes).set({ max: 64 }).where(eq(specAttributes.code, "ram_gb"));
    try {
      const refused = await edit(product, { brand: "Changed", specs: form({ ram_gb: 128 }) });
      expect(refused).toEqual({ ok: false, problem: "spec-refused" });
      if (refused.ok) throw new Error("saved");
      expect(productProblemReply(refused)).toEqual({
        message: productAdminMessages.specRefused,
        status: 400,
      });
      // Nothing of the save was kept: not the brand, not the specification.
      expect(await specsOf(product.id)).toEqual({ ram_gb: 8 });
      expect((await productForEdit(database.db, product.id))?.brand).toBe(brand);
      expect(
        await createProduct(database.db, actor, values({ title, specs: form({ ram_gb: 128 }) })),
      ).toEqual({
        ok: false,
        problem: "spec-refused",
      });
      const [{ n } = { n: -1 }] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.title, title));
      expect(n, "the new product was not kept without its specification").toBe(0);
      // The control: within the database's range, saved.
      expect((await edit(product, { specs: form({ ram_gb: 64 }) })).ok).toBe(true);
      expect(await specsOf(product.id)).toEqual({ ram_gb: 64 });
    } finally {
      await database.db.update(specAttributes).set({ max: 256 }).where(eq(specAttributes.code, "ram_gb"));
    }
  });

  it("the product list filters by specification: none yet, an attribute stated, or one value", async () => {
    const fast = await created({ specs: form({ ram_gb: 16, cpu: "core-i5" }) });
    const slow = await created({ specs: form({ ram_gb: 8, cpu: "core-i3" }) });
    const bare = await created();
    const reader = await created({
      category: "Biometric",
      specs: form({ bio_methods: ["fingerprint", "face"], user_capacity: 3000 }),
    });
    const mine = new Set([fast.id, slow.id, bare.id, reader.id]);
    const ids = async (query: string) =>
      (await listAdminProducts(database.db, parseAdminProductFilters(new URLSearchParams(query)))).items
        .map((item) => item.id)
        .filter((id) => mine.has(id));
    expect(await ids(`brand=${brand}&spec=ram_gb:16`)).toEqual([fast.id]);
    expect(await ids(`brand=${brand}&spec=ram_gb&specValue=8+GB`)).toEqual([slow.id]);
    expect(await ids(`brand=${brand}&spec=cpu:core-i5`)).toEqual([fast.id]);
    expect(await ids(`brand=${brand}&spec=cpu&specValue=i3`)).toEqual([slow.id]);
    expect(await ids(`brand=${brand}&spec=ram_gb`)).toEqual([slow.id, fast.id]);
    expect(await ids(`brand=${brand}&spec=bio_methods:face`)).toEqual([reader.id]);
    expect(await ids(`brand=${brand}&spec=none`)).toEqual([bare.id]);
    // A filter it cannot use is dropped: every product of the brand.
    expect(await ids(`brand=${brand}&spec=ram_gb:999`)).toEqual([reader.id, bare.id, slow.id, fast.id]);
  });
});
