// The back office's product list (/admin/products): its filters as one condition (the list pages through it,
// the CSV export takes all of it) and one page of rows.

import {
  and,
  arrayContains,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { qualified } from "~/db/qualified";
import { productSpecs, products } from "~/db/schema";
import { LOW_STOCK } from "~/lib/limits";
import { escapeLike, normaliseSearch } from "~/lib/search-text";
import { ADMIN_PRODUCTS_PAGE_SIZE, type AdminProductFilters } from "./admin-product-filters";
import { knownTags, type ProductType, type Tag } from "./catalogue";
import { specFilterOf } from "./specs/spec-filter";

export type AdminProductRow = {
  id: number;
  sku: string;
  title: string;
  brand: string;
  category: string;
  productType: ProductType;
  image: string | null;
  originalPrice: number;
  discountedPrice: number;
  quantity: number;
  tags: Tag[];
  hidden: boolean;
};

/** The list's filters as a condition: the list pages through it, the CSV export takes all of it. */
export function adminProductsWhere(filters: AdminProductFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const q = normaliseSearch(filters.q);
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    const match = or(
      ilike(products.title, pattern),
      ilike(products.brand, pattern),
      ilike(products.sku, pattern),
    );
    if (match) conditions.push(match);
  }
  if (filters.category) conditions.push(eq(products.category, filters.category));
  if (filters.brand) conditions.push(eq(products.brand, filters.brand));
  if (filters.type) conditions.push(eq(products.productType, filters.type));
  if (filters.tag) conditions.push(arrayContains(products.tags, [filters.tag]));
  // The dashboard's words: low is 1 to LOW_STOCK left, out is none.
  if (filters.stock === "low") conditions.push(sql`${products.quantity} BETWEEN 1 AND ${LOW_STOCK}`);
  if (filters.stock === "out") conditions.push(lte(products.quantity, 0));
  if (filters.visibility === "shown") conditions.push(isNull(products.hiddenAt));
  if (filters.visibility === "hidden") conditions.push(isNotNull(products.hiddenAt));
  const spec = specCondition(filters.spec);
  if (spec) conditions.push(spec);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The list's specification filter: products with none at all, or with a value of one attribute. */
function specCondition(text: string | undefined): SQL | undefined {
  const filter = specFilterOf(text);
  if (!filter) return undefined;
  const ofProduct = sql`${qualified(productSpecs.productId)} = ${qualified(products.id)}`;
  if (filter.kind === "none") {
    return sql`NOT EXISTS (SELECT 1 FROM ${productSpecs} WHERE ${ofProduct})`;
  }
  const value =
    filter.kind === "number"
      ? sql` AND ${qualified(productSpecs.number)} = ${filter.number}`
      : filter.kind === "option"
        ? sql` AND ${qualified(productSpecs.option)} = ${filter.option}`
        : sql``;
  return sql`EXISTS (SELECT 1 FROM ${productSpecs} WHERE ${ofProduct} AND ${qualified(productSpecs.attribute)} = ${filter.attribute}${value})`;
}

/** One page (25) of products for the filters, newest first, and how many match in all. */
export async function listAdminProducts(
  db: Database,
  filters: AdminProductFilters,
): Promise<{ items: AdminProductRow[]; total: number }> {
  const where = adminProductsWhere(filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: products.id,
        sku: products.sku,
        title: products.title,
        brand: products.brand,
        category: products.category,
        productType: products.productType,
        images: products.images,
        originalPrice: products.originalPrice,
        discountedPrice: products.discountedPrice,
        quantity: products.quantity,
        tags: products.tags,
        hiddenAt: products.hiddenAt,
      })
      .from(products)
      .where(where)
      .orderBy(desc(products.id))
      .limit(ADMIN_PRODUCTS_PAGE_SIZE)
      .offset((Math.max(1, filters.page) - 1) * ADMIN_PRODUCTS_PAGE_SIZE),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return {
    items: rows.map(({ images, tags, hiddenAt, ...row }) => ({
      ...row,
      image: images[0]?.url ?? null,
      tags: knownTags(tags),
      hidden: hiddenAt !== null,
    })),
    total: totals?.n ?? 0,
  };
}
