import { type SQL, sql } from "drizzle-orm";
import { products } from "~/db/schema";
import type { Facet, SpecSelection } from "./facets";

/*
 * The condition a selection of specification facets puts on products, in SQL: for a store URL whose facets
 * are of no one category (`?ram=16&form=dome`), which no facet panel counts (specs/facet-index.server.ts does).
 */

/** The condition on a product_specs row `s` that it holds one of the selected values of a facet. */
function valueCondition(facet: Facet, codes: readonly string[]): SQL {
  const attribute = sql`s.attribute = ${facet.attribute}`;
  if (!facet.buckets)
    return sql`(${attribute} AND s.option IN (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )}))`;
  const ranges = (facet.buckets ?? [])
    .filter((bucket) => codes.includes(bucket.code))
    .map((bucket) => {
      const from = bucket.min === undefined ? sql`TRUE` : sql`s.number >= ${bucket.min}`;
      const to = bucket.max === undefined ? sql`TRUE` : sql`s.number <= ${bucket.max}`;
      return sql`(${from} AND ${to})`;
    });
  return sql`(${attribute} AND (${sql.join(ranges, sql` OR `)}))`;
}

/** The products holding one of the selected values of each facet chosen (AND between facets). */
export function specSelectionWhere(facets: readonly Facet[], selection: SpecSelection): SQL[] {
  return facets.flatMap((facet) => {
    const codes = selection[facet.key];
    if (!codes || codes.length === 0) return [];
    return [
      sql`EXISTS (SELECT 1 FROM product_specs s WHERE s.product_id = ${products.id} AND ${valueCondition(facet, codes)})`,
    ];
  });
}
