import { isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products, searchWords } from "~/db/schema";
import { productTypeLabels, tagLabels } from "../catalogue";
import { documentText, foldText } from "./search-terms";

/**
 * The version of the rules in app/features/catalogue/search/search-terms.ts that products' search columns were written with: raise
 * it when the rules change, and every product is read again at the next start.
 */
export const SEARCH_VERSION = 1;

type Searchable = {
  title: string;
  brand: string;
  category: string;
  productType: keyof typeof productTypeLabels;
  tags: readonly string[];
};

/** A product's search columns: written with every insert or change of the fields search reads. */
export function searchColumns(product: Searchable) {
  return {
    searchTitle: documentText(product.title),
    searchText: documentText(
      product.title,
      product.brand,
      product.category,
      productTypeLabels[product.productType],
      product.tags.map((tag) => tagLabels[tag as keyof typeof tagLabels] ?? tag),
    ),
    searchVersion: SEARCH_VERSION,
  };
}

type Writer = Pick<Database, "insert">;

/** Adds the words of these texts to the vocabulary that mistyped search words are corrected against. */
export async function addSearchWords(db: Writer, texts: string[]): Promise<void> {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of foldText(text).split(/[\s/-]+/)) {
      // Words of letters only: numbers and model codes are not corrected.
      if (word.length >= 3 && word.length <= 30 && /^\p{L}+$/u.test(word)) words.add(word);
    }
  }
  const values = [...words].map((word) => ({ word }));
  for (let i = 0; i < values.length; i += 1000) {
    await db
      .insert(searchWords)
      .values(values.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

/** The vocabulary's words for a product: its title, brand and category (as the typo rule reads them). */
export function vocabularyOf(product: Searchable): string[] {
  return [product.title, product.brand, product.category];
}

/**
 * Writes the search columns of products that have none or were written by older rules (a database from
 * before search, or after SEARCH_VERSION was raised), a batch at a time. Returns how many were written.
 */
export async function indexStaleProducts(db: Database, batchSize = 500): Promise<number> {
  let written = 0;
  for (;;) {
    const stale = await db
      .select({
        id: products.id,
        title: products.title,
        brand: products.brand,
        category: products.category,
        productType: products.productType,
        tags: products.tags,
      })
      .from(products)
      .where(or(isNull(products.searchText), lt(products.searchVersion, SEARCH_VERSION)))
      .orderBy(products.id)
      .limit(batchSize);
    if (stale.length === 0) return written;
    await db.transaction(async (tx) => {
      const rows = stale.map((product) => ({ id: product.id, ...searchColumns(product) }));
      const values = sql.join(
        rows.map((row) => sql`(${row.id}::integer, ${row.searchTitle}, ${row.searchText})`),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE ${products} SET search_title = v.title, search_text = v.text, search_version = ${SEARCH_VERSION}
        FROM (VALUES ${values}) AS v(id, title, text) WHERE ${products.id} = v.id`);
      await addSearchWords(tx, stale.flatMap(vocabularyOf));
    });
    written += stale.length;
  }
}
