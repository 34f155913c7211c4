import { avg, count, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ratings } from "~/db/schema";

/** A review as the product page shows it: no customer id, name or e-mail ever leaves this module. */
export type Review = { id: number; star: number; comment: string; createdAt: Date };

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
      .select({ id: ratings.id, star: ratings.star, comment: ratings.comment, createdAt: ratings.createdAt })
      .from(ratings)
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
