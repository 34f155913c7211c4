import { count, sql } from "drizzle-orm";
import { addSearchWords, searchColumns, specRows, vocabularyOf } from "~/features/catalogue/index.server";
import { taxFactsFor } from "~/features/invoices";
import { rentalPriceColumns } from "~/features/rentals";
import { insertRentalOffers } from "~/features/rentals/index.server";
import type { Database } from "./client.server";
import { blogs, colours, productColours, productSpecs, products } from "./schema";
import { type SeedProduct, seedBlogs, seedColours, seedProducts } from "./seed-data";
import { seedRentalOffers } from "./seed-rentals";
import { seedSpecs } from "./seed-specs";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Serialises seeding between processes (two instances starting on one empty PostgreSQL). */
const SEED_LOCK = 72707002;

export type SeedCounts = { products: number; blogs: number };

/** Loads the dealer's catalogue and blogs into an empty database; does nothing when products exist. */
export async function seedCatalogue(db: Database, now = new Date()): Promise<SeedCounts> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return { products: 0, blogs: 0 };

    const colourIds = await upsertColours(tx);
    await insertProducts(tx, seedProducts, colourIds, now);
    await tx.insert(blogs).values(
      seedBlogs.map((blog) => {
        const written = new Date(now.getTime() - blog.daysAgo * DAY_MS);
        return { ...blogFields(blog), createdAt: written, updatedAt: written, publishedAt: written };
      }),
    );
    return { products: seedProducts.length, blogs: seedBlogs.length };
  });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function upsertColours(tx: Tx | Database): Promise<Map<string, number>> {
  await tx.insert(colours).values(seedColours).onConflictDoNothing();
  const rows = await tx.select().from(colours);
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function insertProducts(
  tx: Tx | Database,
  items: SeedProduct[],
  colourIds: Map<string, number>,
  now: Date,
): Promise<void> {
  const specsOf = items.map((item) => item.specs ?? seedSpecs[item.title] ?? {});
  // A rental's offer, and its price columns read from its rents (decision 0043).
  const offersOf = items.map((item) =>
    item.productType === "rental" ? (item.rental ?? seedRentalOffers[item.title]) : undefined,
  );
  const inserted = await tx
    .insert(products)
    .values(
      items.map((item, index) => ({
        title: item.title,
        description: item.description,
        brand: item.brand,
        category: item.category,
        productType: item.productType,
        tags: item.tags,
        images: item.images,
        originalPrice: item.originalPrice,
        discountedPrice: item.discountedPrice,
        ...(offersOf[index] ? rentalPriceColumns(offersOf[index]) : {}),
        quantity: item.quantity,
        sold: item.sold,
        totalRating: item.totalRating,
        createdAt: new Date(now.getTime() - item.daysAgo * DAY_MS),
        ...taxFactsFor(item),
        ...searchColumns(item, specsOf[index]),
      })),
    )
    .returning({ id: products.id });
  const specs = inserted.flatMap((row, index) => {
    const item = items[index];
    return item ? specRows(row.id, item.category, specsOf[index] ?? {}) : [];
  });
  if (specs.length > 0) await tx.insert(productSpecs).values(specs);
  const offered = inserted.flatMap((row, index) => {
    const offer = offersOf[index];
    return offer ? [{ productId: row.id, offer }] : [];
  });
  await insertRentalOffers(tx, offered);
  await addSearchWords(
    tx,
    items.flatMap((item, index) => vocabularyOf(item, specsOf[index])),
  );
  const links = inserted.flatMap((row, index) =>
    (items[index]?.colours ?? []).flatMap((name) => {
      const colourId = colourIds.get(name);
      return colourId === undefined ? [] : [{ productId: row.id, colourId }];
    }),
  );
  if (links.length > 0) await tx.insert(productColours).values(links);
}

/** A small deterministic generator, so two benchmark runs use the same catalogue. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A believable variant of a catalogue product: another model year, configuration and price. */
export function generatedProduct(index: number, random: () => number): SeedProduct {
  const base = seedProducts[index % seedProducts.length] as SeedProduct;
  const editions = ["2023", "2024", "2025", "Pro", "Plus", "Lite", "Max", "Gen 2", "Gen 3", "Business"];
  const edition = editions[Math.floor(random() * editions.length)];
  const factor = 0.8 + random() * 0.45;
  const originalPrice = Math.max(10000, Math.round((base.originalPrice * factor) / 100) * 100);
  const discount = Math.floor(random() * 35);
  const discountedPrice = Math.max(100, Math.round((originalPrice * (100 - discount)) / 10000) * 100);
  return {
    ...base,
    specs: seedSpecs[base.title],
    rental: seedRentalOffers[base.title],
    title: `${base.title} ${edition} (Model ${1000 + index})`,
    tags: random() < 0.05 ? base.tags : [],
    originalPrice,
    discountedPrice: Math.min(discountedPrice, originalPrice),
    quantity: Math.floor(random() * 80),
    sold: Math.floor(random() * 400),
    totalRating: Math.round(random() * 50) / 10,
    daysAgo: 30 + Math.floor(random() * 900),
  };
}

export const MAX_PRODUCTS = 100_000;

/** Adds generated products until the catalogue holds `target` products; reports progress per batch. */
export async function growCatalogue(
  db: Database,
  target: number,
  onProgress: (done: number, total: number) => void = () => {},
  now = new Date(),
): Promise<number> {
  const wanted = Math.min(Math.max(target, 0), MAX_PRODUCTS);
  const [existing] = await db.select({ n: count() }).from(products);
  let have = existing?.n ?? 0;
  const colourIds = await upsertColours(db);
  const random = mulberry32(have + 1);
  const batchSize = 500;
  const start = have;
  onProgress(0, Math.max(wanted - start, 0));
  while (have < wanted) {
    const size = Math.min(batchSize, wanted - have);
    const batch = Array.from({ length: size }, (_, i) => generatedProduct(have + i, random));
    await db.transaction((tx) => insertProducts(tx, batch, colourIds, now));
    have += size;
    onProgress(have - start, wanted - start);
  }
  return have - start;
}

function blogFields(blog: (typeof seedBlogs)[number]) {
  return { title: blog.title, description: blog.description, category: blog.category, images: blog.images };
}
