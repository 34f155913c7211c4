import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { blogs, customers, products, ratings } from "~/db/schema";
import { readCatalogueVersion, storePage } from "~/features/catalogue/index.server";
import { databaseKind, openTestDatabase, raceTest, type TestDatabase } from "./support/database";
import { insertCustomer, insertProduct } from "./support/fixtures";

/*
 * The catalogue version is what the page cache and the store's kept lists follow: it must move with every
 * committed change to what catalogue pages show, once per transaction, and with nothing else.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

const version = () => readCatalogueVersion(database.db);

describe(`catalogue version (${databaseKind})`, () => {
  it("moves once per committed change to products, ratings or blogs, however many rows it touches", async () => {
    const first = await insertProduct(database.db, { title: "Version Test Laptop", brand: "Acer" });
    await insertProduct(database.db, { title: "Version Test Desktop", brand: "Acer" });
    const start = await version();
    // One statement over every product: one change.
    await database.db.update(products).set({ quantity: sql`${products.quantity} + 1` });
    expect(await version()).toBe(start + 1);

    const customer = await insertCustomer(database.db);
    expect(await version(), "a new customer is not a catalogue change").toBe(start + 1);
    await database.db
      .insert(ratings)
      .values({ productId: first.id, customerId: customer.id, star: 4, comment: "Good" });
    expect(await version()).toBe(start + 2);

    await database.db.insert(blogs).values({ title: "T", description: "<p>D</p>", category: "News" });
    expect(await version()).toBe(start + 3);

    await database.db.update(customers).set({ firstname: "Renamed" }).where(eq(customers.id, customer.id));
    await database.db.select().from(products);
    expect(await version(), "reads and other tables leave it alone").toBe(start + 3);
  });

  it("does not move for a change that is rolled back", async () => {
    const start = await version();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(products).set({ quantity: 0 });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await version()).toBe(start);
  });

  raceTest("lets two orders take stock of several products at once without a deadlock", async () => {
    const [a, b, c] = [
      await insertProduct(database.db, {}),
      await insertProduct(database.db, {}),
      await insertProduct(database.db, {}),
    ];
    const start = await version();
    type Tx = Parameters<Parameters<typeof database.db.transaction>[0]>[0];
    const takeOne = (tx: Tx, id: number) =>
      tx
        .update(products)
        .set({ quantity: sql`${products.quantity} - 1` })
        .where(eq(products.id, id));
    const backendOf = async (tx: Tx) => {
      const [row] = await tx.select({ pid: sql<number>`pg_backend_pid()` }).from(sql`(VALUES (1)) AS one`);
      return row?.pid;
    };
    /** Whether the transaction on that connection is waiting for a lock another holds (seen from outside). */
    const waitsForALock = async (pid: number | undefined) => {
      if (pid === undefined) return false;
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`pg_stat_activity`)
        .where(sql`pid = ${pid} AND wait_event_type = 'Lock'`);
      return row?.n === 1;
    };
    const lockWait = { timeout: 10_000 };
    const seen: { firstPid?: number; secondPid?: number; firstHasA: boolean; secondHasB: boolean } = {
      firstHasA: false,
      secondHasB: false,
    };
    // The first order takes a, then b once the second holds b; the second takes b once the first holds a,
    // then c once the first waits for b. Had the version row been locked at the first change rather than at
    // commit, the second would wait for the first at b (the first is let go on seeing it wait), and each would
    // wait for the other.
    const first = database.db.transaction(async (tx) => {
      seen.firstPid = await backendOf(tx);
      await takeOne(tx, a.id);
      seen.firstHasA = true;
      await vi.waitFor(async () => {
        expect(seen.secondHasB || (await waitsForALock(seen.secondPid))).toBe(true);
      }, lockWait);
      await takeOne(tx, b.id);
    });
    const second = database.db.transaction(async (tx) => {
      seen.secondPid = await backendOf(tx);
      await vi.waitFor(() => expect(seen.firstHasA).toBe(true), lockWait);
      await takeOne(tx, b.id);
      seen.secondHasB = true;
      await vi.waitFor(async () => expect(await waitsForALock(seen.firstPid)).toBe(true), lockWait);
      await takeOne(tx, c.id);
    });
    await Promise.all([first, second]);
    expect(await version()).toBe(start + 2);
  });

  it("gives the store a new product's count and category on the next page, though it keeps its lists", async () => {
    const before = await storePage(database.db, {});
    expect((await storePage(database.db, {})).total).toBe(before.total);
    expect(before.facets.categories).not.toContain("Servers");

    await insertProduct(database.db, { title: "Dell PowerEdge T150", brand: "Dell", category: "Servers" });
    const after = await storePage(database.db, {});
    expect(after.total).toBe(before.total + 1);
    expect(after.facets.categories).toContain("Servers");
    expect((await storePage(database.db, { category: "Servers" })).total).toBe(1);

    await database.db.update(products).set({ hiddenAt: new Date() }).where(eq(products.category, "Servers"));
    const hidden = await storePage(database.db, {});
    expect(hidden.total).toBe(before.total);
    expect(hidden.facets.categories).not.toContain("Servers");
  });

  it("moves when ratings, colours or product colours are emptied at once (TRUNCATE)", async () => {
    for (const table of ["ratings", "product_colours"]) {
      const before = await readCatalogueVersion(database.db);
      await database.db.execute(sql.raw(`TRUNCATE "${table}"`));
      expect(await readCatalogueVersion(database.db), table).toBe(before + 1);
    }
  });
});
