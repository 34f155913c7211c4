import { and, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { escapeLike, normaliseSearch } from "~/lib/search-text";
import { shownInShop } from "./visibility.server";

export type Suggestion = { id: number; title: string; brand: string; discountedPrice: number };

/**
 * Products whose title contains the text, ignoring case. Titles that start with it come first, then those
 * where it starts a word, then by trigram similarity.
 */
export function titleMatch(text: string) {
  const q = normaliseSearch(text);
  const pattern = `%${escapeLike(q)}%`;
  return {
    where: sql`${products.title} ILIKE ${pattern}`,
    rank: [
      sql`CASE WHEN ${products.title} ILIKE ${`${escapeLike(q)}%`} THEN 0
               WHEN ${products.title} ~* ${`\\m${q.replace(/[^\p{L}\p{N} ]/gu, "")}`} THEN 1
               ELSE 2 END`,
      sql`similarity(${products.title}, ${q}) DESC`,
    ],
  };
}

/** The header's live suggestions. */
export async function searchSuggestions(db: Database, text: string, limit = 8): Promise<Suggestion[]> {
  const q = normaliseSearch(text);
  if (q.length < 2) return [];
  const match = titleMatch(q);
  return db
    .select({
      id: products.id,
      title: products.title,
      brand: products.brand,
      discountedPrice: products.discountedPrice,
    })
    .from(products)
    .where(and(shownInShop, match.where))
    .orderBy(...match.rank, products.id)
    .limit(limit);
}
