import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, products } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { commitImport, readCatalogueVersion, uploadCatalogue } from "~/features/catalogue/index.server";
import { databaseKind, openTestDatabase, raceTest, type TestDatabase } from "./support/database";
import { insertStaffMember } from "./support/staff-member";

/*
 * The same catalogue import committed twice at once (a double press of Import, or the preview open in two
 * tabs), on PostgreSQL (raceTest), ten rounds: the file is applied once, the catalogue's version moves once,
 * the audit trail names the import once, and the second press is told the import has been made. A sequential
 * control shows the same answer one after the other.
 */

const ROUNDS = 10;

let database: TestDatabase;
let actor: { id: number; name: string };
let round = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
  actor = (await insertStaffMember(database.db)).actor as { id: number; name: string };
});

afterAll(async () => {
  await database?.drop();
});

/** Two of the seed's laptops, the first two by id: their stock and prices are what the files change. */
async function twoLaptops() {
  const rows = await database.db
    .select({ sku: products.sku, quantity: products.quantity })
    .from(products)
    .where(eq(products.category, "Laptops"))
    .orderBy(asc(products.id))
    .limit(2);
  const [a, b] = rows;
  if (!a || !b) throw new Error("the seed has two laptops");
  return [a, b] as const;
}

/**
 * A new file, uploaded and previewed: new stock figures and a new offer price for two laptops, and two new
 * laptops with SKUs of their own. Returns the upload and what the file says.
 */
async function uploadedFile() {
  round++;
  const [a, b] = await twoLaptops();
  const stock = { [a.sku]: a.quantity + 3, [b.sku]: b.quantity + 5 };
  const offer = 60_000 + round;
  const newSkus = [`KC-RACE-${round}-A`, `KC-RACE-${round}-B`];
  const newLaptop = (sku: string, n: number) =>
    `${sku},Kaveri Book ${round}-${n},Kaveri,Laptops,new,,Black,52000,48999,4,,18,no,<p>Kaveri Book.</p>`;
  const file = [
    "sku,title,brand,category,type,tags,colours,mrp,offer_price,stock,hsn,gst_rate,hidden,description",
    `${a.sku},,,,,,,70000,${offer},${stock[a.sku]},,,,`,
    `${b.sku},,,,,,,70000,${offer},${stock[b.sku]},,,,`,
    newLaptop(newSkus[0] ?? "", 1),
    newLaptop(newSkus[1] ?? "", 2),
  ].join("\r\n");
  const uploaded = await uploadCatalogue(database.db, actor.id, {
    name: `prices ${round}.csv`,
    bytes: new TextEncoder().encode(file),
  });
  if (!uploaded.ok) throw new Error(uploaded.problem);
  expect(uploaded.kept.preview.counts).toEqual({ create: 2, update: 2, unchanged: 0, errors: 0 });
  return { kept: uploaded.kept, stock, offer, newSkus };
}

/** The audit trail's entries for imports of the file with this hash. */
async function importsAudited(fileHash: string) {
  return database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, "product.import"), sql`${auditLog.details}->>'sha256' = ${fileHash}`));
}

/** What the catalogue holds for the file's products. */
async function applied(file: Awaited<ReturnType<typeof uploadedFile>>) {
  const skus = [...Object.keys(file.stock), ...file.newSkus];
  const rows = await database.db
    .select({ sku: products.sku, quantity: products.quantity, offer: products.discountedPrice })
    .from(products)
    .where(inArray(products.sku, skus))
    .orderBy(asc(products.sku));
  return rows;
}

/** The rows the file should have left: its stock and offer price on the two laptops, the two new ones. */
function expected(file: Awaited<ReturnType<typeof uploadedFile>>) {
  return [
    ...Object.entries(file.stock).map(([sku, quantity]) => ({ sku, quantity, offer: file.offer * 100 })),
    ...file.newSkus.map((sku) => ({ sku, quantity: 4, offer: 48_999_00 })),
  ].sort((x, y) => (x.sku < y.sku ? -1 : 1));
}

describe(`the same import committed twice (${databaseKind})`, () => {
  it("tells the second press, one after the other, that the import has been made", async () => {
    const file = await uploadedFile();
    const version = await readCatalogueVersion(database.db);
    const commit = () => commitImport(database.db, actor, file.kept.id, file.kept.fileHash);
    expect(await commit()).toEqual({ ok: true, created: 2, updated: 2, unchanged: 0 });
    expect(await commit()).toEqual({ ok: false, problem: "gone" });
    expect(await applied(file)).toEqual(expected(file));
    expect(await readCatalogueVersion(database.db)).toBe(version + 1);
    expect(await importsAudited(file.kept.fileHash)).toHaveLength(1);
  });

  raceTest(
    "applies a file committed twice at once once, and tells the second press it has been made",
    async () => {
      for (let n = 0; n < ROUNDS; n++) {
        const file = await uploadedFile();
        const version = await readCatalogueVersion(database.db);
        const commit = () => commitImport(database.db, actor, file.kept.id, file.kept.fileHash);
        const results = await Promise.all([commit(), commit()]);
        const label = `round ${n}: ${JSON.stringify(results.map((result) => (result.ok ? "ok" : result.problem)))}`;
        expect(results, label).toContainEqual({ ok: true, created: 2, updated: 2, unchanged: 0 });
        expect(results, label).toContainEqual({ ok: false, problem: "gone" });
        expect(await applied(file), label).toEqual(expected(file));
        expect(await readCatalogueVersion(database.db), label).toBe(version + 1);
        expect(await importsAudited(file.kept.fileHash), label).toHaveLength(1);
      }
    },
    90_000,
  );
});
