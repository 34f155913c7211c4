import { and, desc, eq, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { qualified } from "~/db/qualified";
import { products, wishlistItems } from "~/db/schema";
import { cardColumns, type ProductCardData, shownInShop, toCard } from "~/features/catalogue/index.server";

/** Adds the product to the customer's wishlist, or removes it if it is there. Returns whether it is now on it. */
export async function toggleWishlist(db: Database, customerId: number, productId: number): Promise<boolean> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  if (removed.length > 0) return false;
  await db.insert(wishlistItems).values({ customerId, productId }).onConflictDoNothing();
  return true;
}

/**
 * Puts the product on the wishlist or takes it off. The heart sends the state it shows the shopper it will
 * become ("add"/"remove"), so a double click or a second tab cannot flip it back unexpectedly; "toggle" is
 * the rules' plain toggle.
 */
export async function setWishlisted(
  db: Database,
  customerId: number,
  productId: number,
  wanted: boolean | "toggle",
): Promise<boolean> {
  if (wanted === "toggle") return toggleWishlist(db, customerId, productId);
  if (wanted) {
    await db.insert(wishlistItems).values({ customerId, productId }).onConflictDoNothing();
  } else {
    await db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)));
  }
  return wanted;
}

/** Ids of the products on the customer's wishlist, to fill the hearts on cards. */
/** The ids on a customer's wishlist, as a column of any query. */
export function wishlistIdsColumn(customerId: SQLWrapper) {
  const [productId, owner] = [qualified(wishlistItems.productId), qualified(wishlistItems.customerId)];
  return sql<
    number[]
  >`ARRAY(SELECT ${productId} FROM ${wishlistItems} WHERE ${owner} = ${customerId} ORDER BY ${productId})`;
}

export async function wishlistIds(db: Database, customerId: number | undefined): Promise<number[]> {
  if (customerId === undefined) return [];
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.customerId, customerId));
  return rows.map((r) => r.productId);
}

/** The customer's wishlist as product cards, most recently added first; hidden products are left out. */
export async function wishlistProducts(db: Database, customerId: number): Promise<ProductCardData[]> {
  const rows = await db
    .select(cardColumns)
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.customerId, customerId), shownInShop))
    .orderBy(desc(wishlistItems.createdAt));
  return rows.map(toCard);
}
