import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products, searchWords } from "~/db/schema";
import { escapeLike, normaliseSearch } from "~/lib/search-text";
import { shownInShop } from "../visibility.server";
import { correctWord, parseQuery, type QueryWord, tsqueryFor } from "./search-terms";

/*
 * The shop's one search (decisions 0021 and 0031), used by the store and the header's suggestions: every word
 * of the search must start a word of the product's searchable text (title, brand, category, type, tags) or one
 * of its alternatives must (singular, synonym, joined to a neighbour), a prefix match of the stored lexemes
 * through a GIN index; a search that finds nothing has its unknown words corrected against the catalogue's
 * vocabulary and is run once more.
 */

/** A search made ready for a query: what to filter on and how to rank, or nothing to search at all. */
export type SearchMatch = { where: SQL; rank: SQL[] };

/** A search as it was run: the match, and the words corrected (typed → used) when the typed ones found nothing. */
export type Search = {
  typed: string;
  match: SearchMatch | null;
  corrections: { typed: string; used: string }[];
  /** The search with its corrections, e.g. "lenovo laptop" for "lenova laptop". */
  used?: string;
};

/** Filter and ranking for these words: whole phrase in the title, then every word in the title, then the rest. */
export function matchFor(typed: string, words: QueryWord[]): SearchMatch | null {
  if (words.length === 0) return null;
  const query = sql`${tsqueryFor(words)}::tsquery`;
  const phrase = `%${escapeLike(normaliseSearch(typed))}%`;
  return {
    where: sql`${products.searchVector} @@ ${query}`,
    rank: [
      sql`CASE WHEN ${products.title} ILIKE ${phrase} THEN 0 WHEN ${products.searchTitleVector} @@ ${query} THEN 1 ELSE 2 END`,
    ],
  };
}

/**
 * The words of a search that match no product at all, each with the vocabulary's closest word within the
 * typo allowance (fewest edits, then most similar trigrams).
 */
async function corrections(db: Database, words: QueryWord[]) {
  const found = await db
    .select({
      each: sql<boolean[]>`ARRAY[${sql.join(
        words.map(
          (word) =>
            sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.searchVector} @@ ${tsqueryFor([word])}::tsquery AND ${shownInShop})`,
        ),
        sql`, `,
      )}]`,
    })
    .from(sql`(SELECT 1) AS one`);
  const matched = found[0]?.each ?? [];
  const fixes: { typed: string; used: string }[] = [];
  for (const [i, word] of words.entries()) {
    if (matched[i] || !/^\p{L}+$/u.test(word.word)) continue;
    const candidates = await db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${searchWords.word} % ${word.word}`)
      .orderBy(desc(sql`similarity(${searchWords.word}, ${word.word})`), asc(searchWords.word))
      .limit(20);
    const used = correctWord(
      word.word,
      candidates.map((c) => c.word),
    );
    if (used) fixes.push({ typed: word.word, used });
  }
  return fixes;
}

/**
 * Runs `find` with the search; when it finds nothing (and the shopper did not ask for exactly what they
 * typed) the words that match nothing are corrected and `find` runs once more with them.
 */
export async function runSearch<T extends { length: number } | { total: number }>(
  db: Database,
  typed: string,
  find: (match: SearchMatch | null) => Promise<T>,
  options: { exact?: boolean } = {},
): Promise<{ search: Search; result: T }> {
  const words = parseQuery(typed);
  const match = matchFor(typed, words);
  const result = await find(match);
  const empty = "total" in result ? result.total === 0 : result.length === 0;
  if (!empty || !match || options.exact) return { search: { typed, match, corrections: [] }, result };
  const fixes = await corrections(db, words);
  if (fixes.length === 0) return { search: { typed, match, corrections: [] }, result };
  const used = words.map((w) => fixes.find((f) => f.typed === w.word)?.used ?? w.word).join(" ");
  const corrected = matchFor(used, parseQuery(used));
  return { search: { typed, match: corrected, corrections: fixes, used }, result: await find(corrected) };
}
