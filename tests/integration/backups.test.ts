import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import {
  auditLog,
  backupRuns,
  customers,
  orderItems,
  orders,
  paymentAttempts,
  products,
  rentalBookings,
  rentalDocuments,
  taxDocuments,
} from "~/db/schema";
import {
  type BackupSettings,
  backupStatus,
  openBackup,
  type RestoreTarget,
  restoreBackup,
  takeBackup,
} from "~/features/backups/index.server";
import { monthRegister, renderTaxDocumentPdf, taxDocumentOf } from "~/features/invoices/index.server";
import { addToCart } from "~/features/lists/index.server";
import {
  collectCash,
  customerOrders,
  moveOrder,
  orderDetail,
  placeCashOrder,
  refundOrder,
} from "~/features/orders/index.server";
import { readDocument } from "~/features/rentals/index.server";
import { databaseContents, entries } from "./support/contents";
import { databaseKind, emptyPostgresDatabase, openTestDatabase } from "./support/database";
import {
  insertCustomer,
  insertProduct,
  type ProductRow,
  STANDARD_SHIPPING,
  signUpCustomer,
} from "./support/fixtures";
import { paidOrder } from "./support/orders";
import { type PhonePeSimulator, startPhonePeSimulator } from "./support/phonepe-simulator";
import { insertStaffMember } from "./support/staff-member";

/*
 * Backups that restore (decision 0041): a shop with customers, paid and cash orders, invoices, a credit note,
 * pictures and audit entries is backed up, restored into a fresh place, and the restored shop answers with
 * the same orders and prints byte-for-byte the same invoice PDFs. On PGlite the source is a data directory
 * and the backup is restored into a new one; on PostgreSQL, into a new empty database.
 */

vi.mock("~/lib/config.server", async (importOriginal) =>
  (await import("./support/phonepe-simulator")).mockedConfigModule(await importOriginal()),
);
vi.mock("~/db/db.server", async () => (await import("./support/phonepe-simulator")).mockedDbModule());

let work: string;
let shop: DatabaseHandle & { drop: () => Promise<void> };
let settings: BackupSettings;
let sim: PhonePeSimulator;
let laptop: ProductRow;
const made: {
  orderIds: number[];
  customerIds: number[];
  picture: string;
  document: { bookingId: number; id: number; content: Uint8Array };
} = {
  orderIds: [],
  customerIds: [],
  picture: "",
  document: { bookingId: 0, id: 0, content: new Uint8Array(0) },
};

const bengaluru = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};
const chennai = { ...bengaluru, city: "Chennai", state: "Tamil Nadu", pincode: "600017" };

/** The shop to back up: a data directory of its own on PGlite (an in-memory one has nothing to copy). */
async function openSourceShop(): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  if (databaseKind === "PostgreSQL") return openTestDatabase();
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(work, "shop", "pglite") });
  return { ...handle, drop: handle.close };
}

/** An empty place to restore into, of the kind the tests run on. */
async function emptyTarget(name: string): Promise<{ target: RestoreTarget; drop: () => Promise<void> }> {
  const common = {
    uploadsDir: path.join(work, name, "uploads"),
    sessionSecretFile: path.join(work, name, "secret"),
  };
  if (databaseKind === "PostgreSQL") {
    const empty = await emptyPostgresDatabase();
    return { target: { kind: "postgres", url: empty.url, ...common }, drop: empty.drop };
  }
  return {
    target: { kind: "pglite", dataDir: path.join(work, name, "pglite"), ...common },
    drop: async () => {},
  };
}

async function openTarget(target: RestoreTarget): Promise<DatabaseHandle> {
  return target.kind === "postgres"
    ? openDatabase({ kind: "postgres", url: target.url, poolSize: 2 })
    : openDatabase({ kind: "pglite", dataDir: target.dataDir });
}

/** What a restore's target holds, read afterwards: its database's rows, its pictures, its session secret. */
async function holdings(target: RestoreTarget) {
  const database =
    target.kind === "postgres" || (await entries(target.dataDir)).length > 0
      ? await databaseContents(target)
      : { rows: {}, customers: [] };
  return {
    ...database,
    pictures: await entries(target.uploadsDir),
    secret: existsSync(target.sessionSecretFile ?? ""),
  };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "shop-backups-"));
  shop = await openSourceShop();
  settings = {
    backupDir: path.join(work, "backups"),
    keep: 3,
    uploadsDir: path.join(work, "shop", "uploads"),
    sessionSecretFile: path.join(work, "shop", "session-secret"),
  };
  await mkdir(path.join(settings.uploadsDir, "products"), { recursive: true });
  await writeFile(settings.sessionSecretFile as string, "a-generated-secret-of-this-installation\n");
  sim = await startPhonePeSimulator(shop.db);
  const db = shop.db;
  // A picture as the back office stores it, named on the product.
  made.picture = "products/laptop-front.webp";
  const webp = await sharp({ create: { width: 16, height: 12, channels: 3, background: "#1a5fb4" } })
    .webp()
    .toBuffer();
  await writeFile(path.join(settings.uploadsDir, made.picture), webp);
  laptop = await insertProduct(db, {
    discountedPrice: 45_000_00,
    quantity: 500,
    hsn: "8471",
    gstRate: 18,
    images: [{ url: `/uploads/${made.picture}` }],
  });
  const owner = (await insertStaffMember(db, { role: "owner" })).actor;
  // Customers who signed up, paid online (one a business in Chennai), paid in cash, and one refunded in part.
  const signedUp = await signUpCustomer(db);
  made.customerIds.push(signedUp.customer.id);
  for (const [address, business] of [
    [bengaluru, null],
    [chennai, { gstin: "33AABCU9603R1ZM", name: "Chennai Traders" }],
  ] as const) {
    const paid = await paidOrder(db, laptop, address, { business });
    made.orderIds.push(paid.orderId);
    made.customerIds.push(paid.customerId);
  }
  await addToCart(db, signedUp.customer.id, { productId: laptop.id, colourId: laptop.colourId, quantity: 1 });
  const cash = await placeCashOrder(db, signedUp.customer.id, bengaluru, STANDARD_SHIPPING, 0);
  if (cash.kind !== "ordered") throw new Error("no cash order");
  made.orderIds.push(cash.orderId);
  await moveOrder(db, owner, { orderId: cash.orderId, from: "Ordered", to: "Processed" });
  await collectCash(db, owner, { orderId: cash.orderId, from: "Processed", amount: 45_100_00 });
  const refunded = await paidOrder(db, laptop, bengaluru, { paidAt: sim });
  made.orderIds.push(refunded.orderId);
  made.customerIds.push(refunded.customerId);
  const refund = await refundOrder(db, sim.client, owner, { orderId: refunded.orderId, amount: 1_000_00 });
  if (!refund.ok) throw new Error("the refund was refused");
  // A rental request with an identity document: every byte value, so the dump must carry binary as it is.
  const [booking] = await db
    .insert(rentalBookings)
    .values({
      customerId: signedUp.customer.id,
      title: "A rented laptop",
      months: 3,
      units: 1,
      monthlyRent: 2_499_00,
      deposit: 10_000_00,
      startDate: "2027-02-01",
      address: bengaluru,
      termsVersion: "2026-11-28",
    })
    .returning({ id: rentalBookings.id });
  made.document.content = Uint8Array.from({ length: 1024 }, (_, i) => i % 256);
  const [document] = await db
    .insert(rentalDocuments)
    .values({
      bookingId: booking?.id ?? 0,
      purpose: "id_proof",
      kind: "passport",
      mediaType: "application/pdf",
      size: made.document.content.byteLength,
      content: made.document.content,
    })
    .returning({ id: rentalDocuments.id });
  made.document.bookingId = booking?.id ?? 0;
  made.document.id = document?.id ?? 0;
}, 240_000);

afterAll(async () => {
  await sim?.close();
  await shop?.drop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** What a shop answers about the orders made above: the customers' order lists and each order's page. */
async function ordersAsAnswered(db: DatabaseHandle["db"]) {
  return {
    lists: await Promise.all(made.customerIds.map((id) => customerOrders(db, id))),
    details: await Promise.all(made.orderIds.map((id) => orderDetail(db, id))),
  };
}

/** Every invoice and credit note of those orders, rendered as the PDF the shop serves. */
async function documentPdfs(db: DatabaseHandle["db"]): Promise<Buffer[]> {
  const pdfs: Buffer[] = [];
  for (const orderId of made.orderIds) {
    for (const kind of ["invoice", "credit-note"] as const) {
      const document = await taxDocumentOf(db, orderId, kind);
      if (document) pdfs.push(await renderTaxDocumentPdf(document));
    }
  }
  return pdfs;
}

type WrittenBackup = Extract<Awaited<ReturnType<typeof takeBackup>>, { ok: true }>;
let firstBackup: Promise<WrittenBackup> | undefined;

/**
 * The backup of the shop made in beforeAll, written once: the round trip checks it, and the refusals restore
 * or alter it (on PGlite each backup is a dump of several seconds; the buying and pruning tests make their own).
 */
function shopBackup(): Promise<WrittenBackup> {
  firstBackup ??= takeBackup(shop, settings, "command").then((backup) => {
    if (!backup.ok) throw new Error(backup.error);
    return backup;
  });
  return firstBackup;
}

describe(`backups (${databaseKind})`, () => {
  it("restores into a fresh place a shop that answers with the same orders and prints the same invoice PDFs", async () => {
    const backup = await shopBackup();
    expect(backup.manifest.database.rows).toMatchObject({
      "public.orders": 4,
      "public.tax_documents": 5,
      "public.customers": 4,
      "public.rental_documents": 1,
    });
    expect(backup.manifest.files).toHaveProperty([`uploads/${made.picture}`]);
    const [recorded] = await shop.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.fileName, backup.fileName));
    expect(recorded).toMatchObject({ status: "ok", trigger: "command", bytes: backup.bytes });
    expect((await backupStatus(shop.db)).lastGood?.fileName).toBe(backup.fileName);

    const { target, drop } = await emptyTarget("restored");
    try {
      const restored = await restoreBackup(path.join(settings.backupDir, backup.fileName), target, work);
      expect(restored.pictures).toEqual({ copied: 1, alreadyThere: 0 });
      const copy = await openTarget(target);
      try {
        expect(await ordersAsAnswered(copy.db)).toEqual(await ordersAsAnswered(shop.db));
        const [sourcePdfs, restoredPdfs] = [await documentPdfs(shop.db), await documentPdfs(copy.db)];
        expect(sourcePdfs).toHaveLength(5);
        expect(restoredPdfs.map((pdf) => pdf.toString("base64"))).toEqual(
          sourcePdfs.map((pdf) => pdf.toString("base64")),
        );
        const trail = (db: DatabaseHandle["db"]) => db.select().from(auditLog).orderBy(asc(auditLog.id));
        expect(await trail(copy.db)).toEqual(await trail(shop.db));
        expect((await trail(copy.db)).length).toBeGreaterThan(0);
        const month = new Date().toISOString().slice(0, 7);
        expect(await monthRegister(copy.db, month)).toEqual(await monthRegister(shop.db, month));
        // The rental's identity document is there, byte for byte.
        const document = await readDocument(copy.db, made.document.bookingId, made.document.id);
        expect(Buffer.from(document?.content ?? []).equals(Buffer.from(made.document.content))).toBe(true);
        // The picture the product names is there, byte for byte.
        expect(await readFile(path.join(target.uploadsDir, made.picture))).toEqual(
          await readFile(path.join(settings.uploadsDir, made.picture)),
        );
        expect(await readFile(target.sessionSecretFile as string, "utf8")).toBe(
          "a-generated-secret-of-this-installation\n",
        );
        // Numbering goes on where the backup left it: the next order's id follows the last one.
        const [next] = await copy.db
          .insert(customers)
          .values({
            firstname: "N",
            lastname: "M",
            email: "after-restore@example.in",
            mobile: "9845000000",
            passwordHash: "x",
          })
          .returning({ id: customers.id });
        expect(next?.id).toBe(Math.max(...made.customerIds) + 1);
      } finally {
        await copy.close();
      }
    } finally {
      await drop();
    }
  }, 240_000);

  it("refuses a place that already holds a shop, naming what is there, and writes nothing into it", async () => {
    const backup = await shopBackup();
    const { target, drop } = await emptyTarget("occupied");
    try {
      // Another shop is there: one product, one customer, no order, and no picture or secret yet.
      const other = await openTarget(target);
      try {
        await insertProduct(other.db, { title: "The other shop's laptop" });
        await insertCustomer(other.db, { email: "the-other-shops-customer@example.in" });
      } finally {
        await other.close();
      }
      const before = await holdings(target);
      expect(before).toMatchObject({
        customers: ["the-other-shops-customer@example.in"],
        pictures: [],
        secret: false,
      });
      await expect(
        restoreBackup(path.join(settings.backupDir, backup.fileName), target, work),
      ).rejects.toThrow(
        databaseKind === "PostgreSQL"
          ? /database in DATABASE_URL is not empty: it holds \d+ tables/
          : /not empty: it holds a shop's database with 1 products, 1 customers and 0 orders/,
      );
      // Opened again, it holds what it held: not one row of the backup, none of its pictures, not its secret.
      expect(await holdings(target)).toEqual(before);
    } finally {
      await drop();
    }
  }, 240_000);

  it("refuses a backup whose contents do not match its checksums, and restores nothing", async () => {
    const backup = await shopBackup();
    // Unpacked, one price changed in the dump, packed again: a valid archive with a wrong checksum.
    const unpacked = path.join(work, "tampered");
    await mkdir(unpacked, { recursive: true });
    await tar.extract({ file: path.join(settings.backupDir, backup.fileName), cwd: unpacked });
    const sqlFile = path.join(unpacked, "database.sql");
    await writeFile(sqlFile, (await readFile(sqlFile, "utf8")).replace("4500000", "4500"));
    const tampered = path.join(work, "tampered.tar.gz");
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, ["manifest.json", "database.sql"]);
    const { target, drop } = await emptyTarget("from-tampered");
    try {
      await expect(restoreBackup(tampered, target, work)).rejects.toThrow(
        "The backup is damaged: database.sql does not match the size and checksum in its manifest. Nothing was restored.",
      );
      // Opened afterwards, the place holds nothing: no data directory (PGlite) or table (PostgreSQL), no
      // picture, no secret.
      if (target.kind === "pglite") expect(await entries(target.dataDir)).toEqual([]);
      expect(await holdings(target)).toEqual({ rows: {}, customers: [], pictures: [], secret: false });
      // The control: the backup it was made from passes the same checks.
      const genuine = await openBackup(path.join(settings.backupDir, backup.fileName), work);
      await genuine.remove();
      expect(genuine.manifest.files["database.sql"]?.sha256).toMatch(/^[0-9a-f]{64}$/);
      await expect(openBackup(path.join(work, "nothing-here.tar.gz"), work)).rejects.toThrow(
        /There is no backup file at/,
      );
    } finally {
      await drop();
    }
  }, 240_000);

  it("undoes a restore whose rows do not match the backup's counts, leaving the place as it was, so a retry succeeds", async () => {
    const backup = await shopBackup();
    const genuine = path.join(settings.backupDir, backup.fileName);
    // Unpacked, one more order claimed in the manifest (which no checksum covers), packed again: every file
    // passes its checksum, and the load itself goes through; only the count after it differs.
    const unpacked = path.join(work, "miscounted");
    await mkdir(unpacked, { recursive: true });
    await tar.extract({ file: genuine, cwd: unpacked });
    const orderRows = backup.manifest.database.rows["public.orders"] ?? 0;
    expect(orderRows).toBeGreaterThanOrEqual(4);
    const manifest = {
      ...backup.manifest,
      database: {
        ...backup.manifest.database,
        rows: { ...backup.manifest.database.rows, "public.orders": orderRows + 1 },
      },
    };
    await writeFile(path.join(unpacked, "manifest.json"), JSON.stringify(manifest));
    const miscounted = path.join(work, "miscounted.tar.gz");
    await tar.create({ gzip: true, file: miscounted, cwd: unpacked }, [
      "manifest.json",
      ...Object.keys(manifest.files),
    ]);
    const { target, drop } = await emptyTarget("after-failed-load");
    try {
      await expect(restoreBackup(miscounted, target, work)).rejects.toThrow(
        `The restored public.orders holds ${orderRows} rows where the backup counted ${orderRows + 1}: the restore was undone.`,
      );
      // Opened afterwards, the place holds nothing: no data directory (PGlite) or table (PostgreSQL), no
      // picture, no secret.
      if (target.kind === "pglite") expect(existsSync(target.dataDir)).toBe(false);
      expect(await holdings(target)).toEqual({ rows: {}, customers: [], pictures: [], secret: false });
      // The control: the genuine backup goes into the same place, with its rows and its picture.
      const restored = await restoreBackup(genuine, target, work);
      expect(restored.pictures).toEqual({ copied: 1, alreadyThere: 0 });
      expect(await holdings(target)).toMatchObject({
        rows: {
          "public.orders": orderRows,
          "public.customers": backup.manifest.database.rows["public.customers"],
        },
        pictures: ["products"],
        secret: true,
      });
    } finally {
      await drop();
    }
  }, 360_000);

  it("is consistent while shoppers keep buying: the rows restored are the rows counted, order by order", async () => {
    const buyer = await signUpCustomer(shop.db);
    let buying = true;
    const placed: number[] = [];
    let thirdPlaced = () => {};
    const threePlaced = new Promise<void>((resolve) => {
      thirdPlaced = resolve;
    });
    const shoppers = (async () => {
      while (buying) {
        await addToCart(shop.db, buyer.customer.id, {
          productId: laptop.id,
          colourId: laptop.colourId,
          quantity: 1,
        });
        const cash = await placeCashOrder(shop.db, buyer.customer.id, bengaluru, STANDARD_SHIPPING, 0);
        if (cash.kind === "ordered") placed.push(cash.orderId);
        if (placed.length === 3) thirdPlaced();
      }
    })();
    // The backup starts once the third order is placed, and orders go on while it is written.
    await Promise.race([
      threePlaced,
      shoppers.then(() => {
        throw new Error("the shoppers stopped before their third order");
      }),
    ]);
    const backup = await takeBackup(shop, settings, "command");
    buying = false;
    await shoppers;
    if (!backup.ok) throw new Error(backup.error);
    const { target, drop } = await emptyTarget("while-buying");
    try {
      // The restore itself compares every table's rows with the backup's counts before it commits.
      const restored = await restoreBackup(path.join(settings.backupDir, backup.fileName), target, work);
      const copy = await openTarget(target);
      try {
        // Every order kept with its items and its payment, in one query (hundreds of orders are placed
        // while the backup is written).
        const kept = await copy.db
          .select({
            id: orders.id,
            items: sql<number>`(SELECT count(*)::int FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`,
            payment: paymentAttempts.id,
          })
          .from(orders)
          .leftJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
          .where(eq(orders.customerId, buyer.customer.id));
        expect(kept.length).toBe((restored.manifest.database.rows["public.orders"] ?? 0) - 4);
        expect(kept.length).toBeGreaterThanOrEqual(3);
        // The backup was written while they bought: orders before its snapshot, and more after it.
        expect(kept.length).toBeLessThan(placed.length);
        // No half of an order: none without items or without its payment.
        expect(kept.filter((order) => order.items === 0 || order.payment === null)).toEqual([]);
      } finally {
        await copy.close();
      }
    } finally {
      await drop();
    }
  }, 360_000);

  it("keeps only the newest BACKUP_KEEP backups, by their names, and no other file", async () => {
    // A folder of its own: two older backups (pruning goes by the names, which sort by the time they were
    // made) and a file of the dealer's that is not a backup.
    const backupDir = path.join(work, "newest-kept");
    await mkdir(backupDir, { recursive: true });
    const older = "shop-backup-2020-01-05T02-00-00-000Z.tar.gz";
    const old = "shop-backup-2020-01-06T02-00-00-000Z.tar.gz";
    for (const name of [older, old, "notes.txt"]) await writeFile(path.join(backupDir, name), name);
    const taken = await takeBackup(shop, { ...settings, backupDir, keep: 2 }, "command");
    if (!taken.ok) throw new Error(taken.error);
    expect(taken.pruned).toEqual([older]);
    expect(await entries(backupDir)).toEqual([old, taken.fileName, "notes.txt"].sort());
  }, 240_000);

  it("records a failed backup and says so on the dashboard's status", async () => {
    // Its folder cannot be made (a file is in the way): the failure comes before the dump, which a failure
    // after it would only repeat.
    const broken = { ...settings, backupDir: path.join(settings.sessionSecretFile as string, "backups") };
    const result = await takeBackup(shop, broken, "command");
    expect(result.ok).toBe(false);
    const status = await backupStatus(shop.db);
    expect(status.lastFailed?.status).toBe("failed");
    expect(status.warning).toMatch(/^The backup of .* failed: /);
    expect(await shop.db.select({ id: products.id }).from(products)).not.toHaveLength(0);
    expect(await shop.db.select({ id: taxDocuments.id }).from(taxDocuments)).not.toHaveLength(0);
  }, 60_000);
});
