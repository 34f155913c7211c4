import { and, arrayContains, desc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { shownInShop } from "./visibility.server";

/*
 * Product cards: what the store, the home page, the wishlist, compare and the product page's popular list
 * show of a product, read with the same columns everywhere.
 */

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

/** The columns a product card needs (see toCard). */
export const cardColumns = {
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

/**
 * What a grid's card shows (ProductCard, ProductGrid): a store page sends its 24 products no more than that,
 * since the page's data is written into its HTML.
 */
export type GridCardData = Omit<ProductCardData, "category" | "quantity" | "sold">;
export const gridCard = ({ category: _c, quantity: _q, sold: _s, ...card }: ProductCardData): GridCardData =>
  card;

export type CardRow = Omit<ProductCardData, "image"> & { images: { url: string }[] };

export function toCard({ images, ...row }: CardRow): ProductCardData {
  return { ...row, image: images[0]?.url ?? null };
}

/** Cards from rows read with the catalogue version beside them. */
export const toCards = (rows: (CardRow & { version: unknown })[]) =>
  rows.map(({ version: _, ...row }) => toCard(row));

/** Products carrying a tag (featured, special, popular), newest first. */
export async function productsTagged(db: Database, tag: string, limit = 8): Promise<ProductCardData[]> {
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(and(shownInShop, arrayContains(products.tags, [tag])))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map(toCard);
}
