import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { auditLog, documentSequences, orders, taxDocuments } from "~/db/schema";
import { type BackupSettings, moveToPostgres, openBackup } from "~/features/backups/index.server";
import { customerOrders } from "~/features/orders/index.server";
import { databaseContents, entries } from "./support/contents";
import { databaseKind, emptyPostgresDatabase } from "./support/database";
import { insertCustomer, insertProduct, type ProductRow } from "./support/fixtures";
import { paidOrder } from "./support/orders";

/*
 * Moving up (decision 0041): an embedded shop's data, pictures included, goes into an empty PostgreSQL
 * database with one command, and the shop goes on there: ids and invoice numbers continue without a gap.
 * It needs both databases, so it runs in the PostgreSQL pass of npm test (test:postgres).
 */

const bengaluru = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};

let work: string;
let settings: BackupSettings;
const pgliteDir = () => path.join(work, "data", "pglite");
const made: { customerIds: number[]; laptop?: ProductRow } = { customerIds: [] };

/** Registered in the PostgreSQL pass only: the move needs a server to move to. */
const withServer = databaseKind === "PostgreSQL" ? it : () => undefined;

describe("moving an embedded shop to PostgreSQL", () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "shop-move-"));
    settings = {
      backupDir: path.join(work, "data", "backups"),
      keep: 5,
      uploadsDir: path.join(work, "data", "uploads"),
      sessionSecretFile: path.join(work, "data", "session-secret"),
    };
    await mkdir(path.join(settings.uploadsDir, "products"), { recursive: true });
    await writeFile(path.join(settings.uploadsDir, "products", "front.webp"), "picture bytes");
    const shop = await openDatabase({ kind: "pglite", dataDir: pgliteDir() });
    try {
      made.laptop = await insertProduct(shop.db, {
        discountedPrice: 45_000_00,
        quantity: 50,
        hsn: "8471",
        gstRate: 18,
      });
      for (let i = 0; i < 3; i++)
        made.customerIds.push((await paidOrder(shop.db, made.laptop, bengaluru)).customerId);
    } finally {
      await shop.close();
    }
  }, 120_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("refuses a server it cannot reach, and leaves the embedded shop as it was", async () => {
    const unreachable = "postgres://postgres@127.0.0.1:1/nowhere";
    await expect(
      moveToPostgres({ pgliteDir: pgliteDir(), url: unreachable, settings, workDir: work }),
    ).rejects.toThrow(/ECONNREFUSED/);
    const shop = await openDatabase({ kind: "pglite", dataDir: pgliteDir() });
    try {
      expect(await shop.db.select({ id: orders.id }).from(orders)).toHaveLength(3);
    } finally {
      await shop.close();
    }
  }, 60_000);

  withServer(
    "refuses while the shop runs on the embedded database, naming it",
    async () => {
      const target = await emptyPostgresDatabase();
      const running = await openDatabase({ kind: "pglite", dataDir: pgliteDir() });
      try {
        await expect(
          moveToPostgres({ pgliteDir: pgliteDir(), url: target.url, settings, workDir: work }),
        ).rejects.toThrow(new RegExp(`^The shop is running \\(pid ${process.pid}, .*\\)\\. Stop it first`));
      } finally {
        await running.close();
        await target.drop();
      }
    },
    60_000,
  );

  withServer(
    "takes every order, invoice and picture across, and the numbering goes on without a gap",
    async () => {
      const target = await emptyPostgresDatabase();
      try {
        const moved = await moveToPostgres({
          pgliteDir: pgliteDir(),
          url: target.url,
          settings,
          workDir: work,
        });
        expect(moved.manifest.database.kind).toBe("pglite");
        expect(moved.pictures).toEqual({ copied: 0, alreadyThere: 1 });
        const before = await openDatabase({ kind: "pglite", dataDir: pgliteDir() });
        const after = await openDatabase({ kind: "postgres", url: target.url, poolSize: 2 });
        try {
          const answers = (handle: DatabaseHandle) =>
            Promise.all(made.customerIds.map((id) => customerOrders(handle.db, id)));
          expect(await answers(after)).toEqual(await answers(before));
          const documents = (handle: DatabaseHandle) =>
            handle.db.select().from(taxDocuments).orderBy(asc(taxDocuments.id));
          expect(await documents(after)).toEqual(await documents(before));
          const trail = (handle: DatabaseHandle) =>
            handle.db.select().from(auditLog).orderBy(asc(auditLog.id));
          expect(await trail(after)).toEqual(await trail(before));

          // The next sale on PostgreSQL: the next order id and the next invoice number of the series.
          const last = (await documents(before)).at(-1);
          const lastOrder = (
            await before.db.select({ id: orders.id }).from(orders).orderBy(desc(orders.id)).limit(1)
          )[0];
          if (!made.laptop || !last || !lastOrder) throw new Error("the shop had no sales");
          const next = await paidOrder(after.db, made.laptop, bengaluru);
          expect(next.orderId).toBe(lastOrder.id + 1);
          const [invoice] = await after.db
            .select()
            .from(taxDocuments)
            .where(eq(taxDocuments.orderId, next.orderId));
          expect(invoice?.sequence).toBe(last.sequence + 1);
          expect(invoice?.number.split("/").slice(0, 2)).toEqual(last.number.split("/").slice(0, 2));
          const [series] = await after.db
            .select()
            .from(documentSequences)
            .where(eq(documentSequences.kind, "invoice"));
          expect(series?.lastSequence).toBe(last.sequence + 1);
          // The picture stays where the shop keeps it (the restore found it there, the same bytes); the move's
          // backup, kept as its record, carries it byte for byte.
          const record = await openBackup(path.join(settings.backupDir, moved.fileName), work);
          try {
            expect(await readFile(path.join(record.dir, "uploads", "products", "front.webp"), "utf8")).toBe(
              "picture bytes",
            );
          } finally {
            await record.remove();
          }
        } finally {
          await before.close();
          await after.close();
        }
      } finally {
        await target.drop();
      }
    },
    120_000,
  );

  withServer(
    "refuses a database that is not empty, before it writes anything",
    async () => {
      const target = await emptyPostgresDatabase();
      try {
        // Another shop's database: migrated, with a customer of its own.
        const other = await openDatabase({ kind: "postgres", url: target.url, poolSize: 1 });
        try {
          await insertCustomer(other.db, { email: "the-other-shops-customer@example.in" });
        } finally {
          await other.close();
        }
        const before = await databaseContents({ kind: "postgres", url: target.url });
        expect(before.customers).toEqual(["the-other-shops-customer@example.in"]);
        const backupsBefore = await entries(settings.backupDir);
        await expect(
          moveToPostgres({ pgliteDir: pgliteDir(), url: target.url, settings, workDir: work }),
        ).rejects.toThrow(
          /^The PostgreSQL database in DATABASE_URL is not empty: it holds \d+ tables \(drizzle\.__drizzle_migrations/,
        );
        // Opened afterwards, it holds what it held: its own customer, none of the embedded shop's rows.
        const after = await databaseContents({ kind: "postgres", url: target.url });
        expect(after).toEqual(before);
        expect(after.rows["public.orders"]).toBe(0);
        // Nothing written on the embedded side either: the move checks its target before its backup.
        expect(await entries(settings.backupDir)).toEqual(backupsBefore);
      } finally {
        await target.drop();
      }
    },
    60_000,
  );
});
