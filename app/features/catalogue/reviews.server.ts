import { and, avg, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, products, ratings } from "~/db/schema";
import { shownInShop } from "./visibility.server";

/**
 * A review as the product page shows it: no customer id, name or e-mail ever leaves this module; only whether
 * its author has since erased their account (the review stays, and is then a former customer's).
 */
export type Review = {
  id: number;
  star: number;
  comment: string;
  createdAt: Date;
  byFormerCustomer: boolean;
};

export type ReviewList = {
  /** The most recent reviews, newest first. */
  reviews: Review[];
  /** How many reviews the product has in all. */
  count: number;
  /** Mean star rating over all its reviews, or null when there are none. */
  average: number | null;
};

/** How many reviews the product page lists. */
export const REVIEWS_SHOWN = 50;

/** A product's reviews, newest first, with the total count and the mean star rating. */
export async function productReviews(
  db: Database,
  productId: number,
  limit = REVIEWS_SHOWN,
): Promise<ReviewList> {
  const [rows, [stats]] = await Promise.all([
    db
      .select({
        id: ratings.id,
        star: ratings.star,
        comment: ratings.comment,
        createdAt: ratings.createdAt,
        byFormerCustomer: sql<boolean>`${customers.deletedAt} IS NOT NULL`,
      })
      .from(ratings)
      .innerJoin(customers, eq(customers.id, ratings.customerId))
      .where(eq(ratings.productId, productId))
      .orderBy(desc(ratings.createdAt), desc(ratings.id))
      .limit(limit),
    db
      .select({ n: count(), mean: avg(ratings.star) })
      .from(ratings)
      .where(eq(ratings.productId, productId)),
  ]);
  const total = stats?.n ?? 0;
  return {
    reviews: rows,
    count: total,
    average: total > 0 && stats?.mean != null ? Number(stats.mean) : null,
  };
}

/**
 * Saves the customer's review of a product (one per customer and product: writing again replaces it) and
 * recomputes the product's total rating in the same transaction, so the stars and the list always agree.
 * Returns false when the product does not exist.
 */
export async function saveReview(
  db: Database,
  customerId: number,
  productId: number,
  { star, comment }: { star: number; comment: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), shownInShop))
      .for("update");
    if (!product) return false;
    const now = new Date();
    await tx
      .insert(ratings)
      .values({ productId, customerId, star, comment })
      .onConflictDoUpdate({
        target: [ratings.productId, ratings.customerId],
        set: { star, comment, updatedAt: now, createdAt: now },
      });
    await tx
      .update(products)
      .set({
        totalRating: sql`(select round(avg(${ratings.star}), 1) from ${ratings} where ${ratings.productId} = ${productId})`,
      })
      .where(eq(products.id, productId));
    return true;
  });
}
