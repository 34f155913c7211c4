import { and, arrayContains, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { colours, productColours, products } from "~/db/schema";
import { normaliseSearch } from "~/lib/search-text";
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

function toCard({ images, ...row }: CardRow): ProductCardData {
  return { ...row, image: images[0]?.url ?? null };
}

export const PAGE_SIZE = 24;

export type ProductPage = { items: ProductCardData[]; total: number };

/** One page of the store, optionally narrowed to titles containing `q`. */
export async function listProducts(
  db: Database,
  options: { q?: string; page?: number },
): Promise<ProductPage> {
  const q = normaliseSearch(options.q);
  const page = Math.max(1, options.page ?? 1);
  const conditions: SQL[] = [];
  const match = q ? titleMatch(q) : undefined;
  if (match) conditions.push(match.where);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(...(match ? match.rank : []), desc(products.createdAt), desc(products.id))
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
