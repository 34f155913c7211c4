import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products, searchWords } from "~/db/schema";
import { productTypeLabels, tagLabels } from "../catalogue";
import type { SpecValues } from "../specs/values";
import { documentText, foldText } from "./search-terms";
import { specWords } from "./spec-words";

/**
 * The version of the rules that products' search columns were written with (search-terms.ts, spec-words.ts):
 * raise it when the rules change, and every product is read again at the next start. 2: a product's
 * specification adds its words (decision 0042).
 */
export const SEARCH_VERSION = 2;

export type Searchable = {
  title: string;
  brand: string;
  category: string;
  productType: keyof typeof productTypeLabels;
  tags: readonly string[];
};

/** The fields of a product that its search columns are written from, to select them by. */
export const searchableFields = {
  id: products.id,
  title: products.title,
  brand: products.brand,
  category: products.category,
  productType: products.productType,
  tags: products.tags,
};

/**
 * A product's search columns: written with every insert or change of the fields search reads, and of its
 * specification. The specification's words go into the title's words as well, so they rank as the title's
 * do (decision 0042): a 16 GB laptop whose title does not say so ranks with those whose title does.
 */
export function searchColumns(product: Searchable, specs: SpecValues = {}) {
  const fromSpecs = specWords(product.category, specs);
  return {
    searchTitle: documentText(product.title, fromSpecs),
    searchText: documentText(
      product.title,
      product.brand,
      product.category,
      productTypeLabels[product.productType],
      product.tags.map((tag) => tagLabels[tag as keyof typeof tagLabels] ?? tag),
      fromSpecs,
    ),
    searchVersion: SEARCH_VERSION,
  };
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
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

/**
 * The vocabulary's words for a product: its title, brand and category (as the typo rule reads them),
 * and its specification's ("wireles" is corrected to a reader's "wireless").
 */
export function vocabularyOf(product: Searchable, specs: SpecValues = {}): string[] {
  return [product.title, product.brand, product.category, ...specWords(product.category, specs)];
}

/**
 * Writes the search columns of these products, read from their fields and specifications (in the caller's
 * transaction), and adds their words to the vocabulary.
 */
export async function writeSearchColumns(
  tx: Database | Tx,
  rows: readonly (Searchable & { id: number; specs?: SpecValues })[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => {
      const columns = searchColumns(row, row.specs);
      return sql`(${row.id}::integer, ${columns.searchTitle}, ${columns.searchText})`;
    }),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${products} SET search_title = v.title, search_text = v.text, search_version = ${SEARCH_VERSION}
    FROM (VALUES ${values}) AS v(id, title, text) WHERE ${products.id} = v.id`);
  await addSearchWords(
    tx,
    rows.flatMap((row) => vocabularyOf(row, row.specs)),
  );
}
