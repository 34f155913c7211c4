import { and, arrayContains, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { colours, productColours, products } from "~/db/schema";
import { effectiveSort, type StoreFilters } from "~/lib/store-filters";
import { titleMatch } from "./search.server";

export type ProductCardData = {
  id: number;
  title: string;
  brand: string;
  category: string;
  productType: "new" | "refurbished" | "rental";
  image: string | null;
  originalPrice: number;
  discountedPrice: number;
  totalRating: number;
  quantity: number;
  sold: number;
};

const cardColumns = {
  id: products.id,
  title: products.title,
  brand: products.brand,
  category: products.category,
  productType: products.productType,
  images: products.images,
  originalPrice: products.originalPrice,
  discountedPrice: products.discountedPrice,
  totalRating: products.totalRating,
  quantity: products.quantity,
  sold: products.sold,
};

type CardRow = Omit<ProductCardData, "image"> & { images: { url: string }[] };

export function toCard({ images, ...row }: CardRow): ProductCardData {
  return { ...row, image: images[0]?.url ?? null };
}

export const PAGE_SIZE = 24;

export type ProductPage = { items: ProductCardData[]; total: number };

function filterConditions(filters: Partial<StoreFilters>): SQL[] {
  const conditions: SQL[] = [];
  if (filters.q) conditions.push(titleMatch(filters.q).where);
  if (filters.category) conditions.push(eq(products.category, filters.category));
  if (filters.brand) conditions.push(eq(products.brand, filters.brand));
  if (filters.tag) conditions.push(arrayContains(products.tags, [filters.tag]));
  if (filters.minPrice !== undefined) conditions.push(gte(products.discountedPrice, filters.minPrice * 100));
  if (filters.maxPrice !== undefined) conditions.push(lte(products.discountedPrice, filters.maxPrice * 100));
  return conditions;
}

function orderFor(filters: Partial<StoreFilters>): SQL[] {
  const sort = effectiveSort({ grid: 4, page: 1, ...filters });
  switch (sort) {
    case "relevance":
      return [...titleMatch(filters.q ?? "").rank, desc(products.id)];
    case "title":
      return [asc(sql`lower(${products.title})`), asc(products.id)];
    case "-title":
      return [desc(sql`lower(${products.title})`), desc(products.id)];
    case "price":
      return [asc(products.discountedPrice), asc(products.id)];
    case "-price":
      return [desc(products.discountedPrice), desc(products.id)];
    case "createdAt":
      return [asc(products.createdAt), asc(products.id)];
    case "-createdAt":
      return [desc(products.createdAt), desc(products.id)];
  }
}

/** One page of the store for the given filters, in a stable order (ties broken by id). */
export async function listProducts(db: Database, filters: Partial<StoreFilters>): Promise<ProductPage> {
  const page = Math.max(1, filters.page ?? 1);
  const conditions = filterConditions(filters);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(...orderFor(filters))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { items: rows.map(toCard), total: totals?.n ?? 0 };
}

/** Products carrying a tag (featured, special, popular), newest first. */
export async function productsTagged(db: Database, tag: string, limit = 8): Promise<ProductCardData[]> {
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(arrayContains(products.tags, [tag]))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map(toCard);
}

/** The colours offered for the given products. */
export async function coloursFor(db: Database, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: productColours.productId, id: colours.id, name: colours.name, value: colours.value })
    .from(productColours)
    .innerJoin(colours, eq(colours.id, productColours.colourId))
    .where(inArray(productColours.productId, productIds));
}

export type ProductDetail = Awaited<ReturnType<typeof getProduct>>;

/** One product with its colours, or null when the id is unknown. */
export async function getProduct(db: Database, id: number) {
  const [product] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!product) return null;
  const productColourRows = await coloursFor(db, [id]);
  return { ...product, colours: productColourRows.map(({ id, name, value }) => ({ id, name, value })) };
}

export type StoreFacets = { categories: string[]; brands: string[] };

/** The category and brand lists beside the store's product list. */
export async function storeFacets(db: Database): Promise<StoreFacets> {
  const [categoryRows, brandRows] = await Promise.all([
    db.selectDistinct({ value: products.category }).from(products).orderBy(products.category),
    db.selectDistinct({ value: products.brand }).from(products).orderBy(products.brand),
  ]);
  return { categories: categoryRows.map((r) => r.value), brands: brandRows.map((r) => r.value) };
}
