import { readFileSync } from "node:fs";
import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productSpecs, products, specAttributes, specOptions } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { seedProducts } from "~/db/seed-data";
import { seedSpecs } from "~/db/seed-specs";
import { SPEC_CATEGORIES } from "~/features/catalogue";
import { readProductSpecs, writeSpecs } from "~/features/catalogue/index.server";
import { databaseKind, openTestDatabase, refusal, type TestDatabase } from "./support/database";
import { insertProduct } from "./support/fixtures";

/*
 * The database keeps products' specifications as typed rows and refuses what the definitions do not allow,
 * whoever writes them: an unknown attribute or option, a value of the wrong kind, a number out of range.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
});

afterAll(async () => {
  await database?.drop();
});

describe(`product specifications in the database (${databaseKind})`, () => {
  it("hold the same attributes and options as the code's definitions", async () => {
    const attributes = await database.db.select().from(specAttributes);
    const options = await database.db.select().from(specOptions);
    const fromCode = new Map(
      Object.values(SPEC_CATEGORIES).flatMap((specs) => specs.map((spec) => [spec.code, spec])),
    );
    expect(attributes.map((row) => row.code).sort()).toEqual([...fromCode.keys()].sort());
    for (const row of attributes) {
      const spec = fromCode.get(row.code);
      if (!spec) continue;
      expect(row.kind, row.code).toBe(spec.kind);
      if (spec.kind === "number") {
        expect([row.unit, row.min, row.max], row.code).toEqual([spec.unit, spec.min, spec.max]);
      } else {
        const inTable = options
          .filter((option) => option.attribute === row.code)
          .map((option) => option.code);
        expect(inTable.sort(), row.code).toEqual(spec.options.map((option) => option.code).sort());
      }
    }
  });

  it("come with the seed catalogue, as its titles say", async () => {
    const [pavilion] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(like(products.title, "HP Pavilion 15 (2024)%"));
    expect(await readProductSpecs(database.db, pavilion?.id ?? 0)).toMatchObject({
      cpu: "core-i5",
      cpu_generation: 12,
      ram_gb: 16,
      storage_kind: "ssd",
      storage_gb: 512,
      screen_in: 15.6,
    });
  });

  it("are given by migration 0018 to an existing shop's seed products that have none, and to no others", async () => {
    const title =
      seedProducts.find(
        (product) => product.category === "CCTV" && Object.keys(seedSpecs[product.title] ?? {}).length > 2,
      )?.title ?? "";
    const older = await insertProduct(database.db, { title, category: "CCTV" });
    const described = await insertProduct(database.db, { title, category: "CCTV" });
    await writeSpecs(database.db, described.id, "CCTV", { cctv_form: "ptz" });
    const renamed = await insertProduct(database.db, { title: `${title} (old stock)`, category: "CCTV" });

    const migration = readFileSync(
      new URL("../../app/db/migrations/0018_seed_product_specs.sql", import.meta.url),
      "utf8",
    );
    await database.db.execute(sql.raw(migration));

    expect(await readProductSpecs(database.db, older.id)).toEqual(seedSpecs[title]);
    expect(await readProductSpecs(database.db, described.id), "what the dealer wrote stays").toEqual({
      cctv_form: "ptz",
    });
    expect(await readProductSpecs(database.db, renamed.id)).toEqual({});
  });

  it("keep numbers, one option and several options, and give them back as they were written", async () => {
    const laptop = await insertProduct(database.db, { category: "Laptops" });
    const values = { cpu: "core-i5", ram_gb: 16, screen_in: 15.6, weight_kg: 1.75 };
    await database.db.transaction((tx) => writeSpecs(tx, laptop.id, "Laptops", values));
    expect(await readProductSpecs(database.db, laptop.id)).toEqual(values);

    const reader = await insertProduct(database.db, { category: "Biometric" });
    await writeSpecs(database.db, reader.id, "Biometric", {
      bio_methods: ["face", "fingerprint"],
      user_capacity: 3000,
    });
    expect(await readProductSpecs(database.db, reader.id)).toEqual({
      bio_methods: ["face", "fingerprint"],
      user_capacity: 3000,
    });

    await writeSpecs(database.db, laptop.id, "Laptops", { ram_gb: 8 });
    expect(
      await readProductSpecs(database.db, laptop.id),
      "writing replaces the whole specification",
    ).toEqual({ ram_gb: 8 });
  });

  it("refuse an unknown attribute or option, the wrong kind, two values, and a number out of range", async () => {
    const { id } = await insertProduct(database.db, { category: "Laptops" });
    const insert = (row: Partial<typeof productSpecs.$inferInsert>) =>
      refusal(
        database.db
          .insert(productSpecs)
          .values({ productId: id, attribute: "ram_gb", kind: "number", ...row }),
      );

    expect(await insert({ attribute: "ram", number: 16 })).toMatch(/product_specs_attribute_kind/);
    expect(await insert({ attribute: "cpu", kind: "choice", option: "core-i6" })).toMatch(
      /product_specs_option/,
    );
    expect(await insert({ kind: "choice", option: "16" }), "a number's attribute read as a choice").toMatch(
      /product_specs_attribute_kind/,
    );
    expect(await insert({ number: 16, option: "16" })).toMatch(/product_specs_value_of_kind/);
    expect(await insert({ number: null })).toMatch(/product_specs_value_of_kind/);
    expect(await insert({ number: 512 })).toMatch(/ram_gb = 512(\.00)? is outside/);
    expect(await insert({ number: 0 })).toMatch(/is outside/);
    expect(await insert({ number: 16 })).toBe("accepted");
    expect(await insert({ number: 32 }), "one RAM per machine").toMatch(/product_specs_one_value/);
    expect(
      await refusal(database.db.execute(sql`UPDATE product_specs SET number = 300 WHERE product_id = ${id}`)),
      "an update is checked as an insert is",
    ).toMatch(/is outside/);
    expect(await readProductSpecs(database.db, id)).toEqual({ ram_gb: 16 });
  });

  it("go with their product when it is deleted", async () => {
    const { id } = await insertProduct(database.db, { category: "CCTV" });
    await writeSpecs(database.db, id, "CCTV", { cctv_form: "dome", megapixels: 4 });
    await database.db.execute(sql`DELETE FROM products WHERE id = ${id}`);
    expect(await readProductSpecs(database.db, id)).toEqual({});
  });
});
