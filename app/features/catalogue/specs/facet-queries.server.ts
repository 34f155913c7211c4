import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { catalogueVersionColumn } from "../catalogue-version.server";
import type { Facet, SpecSelection } from "./facets";

/*
 * The store's specification facets in SQL (decision 0042): the condition a selection puts on products, and
 * every shown facet's disjunctive counts in one query, with the number of products that match everything.
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

/** The value a product_specs row `s` counts for in its facet: its option, or its number's bucket. */
function valueOfRow(facets: readonly Facet[]): SQL {
  const numbered = facets.filter((facet) => facet.buckets);
  if (numbered.length === 0) return sql`s.option`;
  const cases = numbered.map((facet) => {
    const buckets = (facet.buckets ?? []).map((bucket) => {
      const from = bucket.min === undefined ? sql`TRUE` : sql`s.number >= ${bucket.min}`;
      const to = bucket.max === undefined ? sql`TRUE` : sql`s.number <= ${bucket.max}`;
      return sql`WHEN ${from} AND ${to} THEN ${bucket.code}`;
    });
    return sql`WHEN s.attribute = ${facet.attribute} THEN CASE ${sql.join(buckets, sql` `)} END`;
  });
  return sql`CASE WHEN s.option IS NOT NULL THEN s.option ${sql.join(cases, sql` `)} END`;
}

/** Per facet key, per value code, how many products the value's link leads to; and how many match now. */
export type FacetCounts = {
  counts: Record<string, Record<string, number>>;
  /** Per facet key, the values some product in view holds, chosen facets aside. */
  held: Record<string, string[]>;
  total: number;
  version: number;
};

/**
 * One query for every facet shown: the products `baseWhere` selects (every filter but the specifications),
 * their rows of the shown facets' attributes, and per product whether it holds each chosen facet. A value's
 * count applies every chosen facet except its own (a disjunctive count: choosing 16 GB still shows 8 GB's
 * number), so it equals the number of products its link lists. The last row is that number for the page.
 */
export async function facetCounts(
  db: Database,
  facets: readonly Facet[],
  selection: SpecSelection,
  baseWhere: SQL | undefined,
): Promise<FacetCounts> {
  const chosen = facets.filter((facet) => (selection[facet.key]?.length ?? 0) > 0);
  const attributes = sql.join(
    facets.map((facet) => sql`${facet.attribute}`),
    sql`, `,
  );
  const holds = chosen.map(
    (facet, index) =>
      sql`coalesce(bool_or(${valueCondition(facet, selection[facet.key] ?? [])}), FALSE) AS h${sql.raw(String(index))}`,
  );
  const others = chosen.map(
    (facet, index) => sql`(s.attribute = ${facet.attribute} OR hit.h${sql.raw(String(index))})`,
  );
  const everyChosen = chosen.map((_, index) => sql`hit.h${sql.raw(String(index))}`);
  const hitCte =
    chosen.length > 0
      ? sql`, hit AS (SELECT s.product_id, ${sql.join(holds, sql`, `)} FROM s GROUP BY s.product_id)`
      : sql``;
  // n: the products the value's link lists (every other chosen facet applies); held: those with the value at
  // all among the products in view, so a value that leads nowhere now still shows, disabled.
  const counted =
    chosen.length > 0
      ? sql`SELECT s.attribute, ${valueOfRow(facets)} AS value,
          (count(*) FILTER (WHERE ${sql.join(others, sql` AND `)}))::int AS n, count(*)::int AS held
          FROM s JOIN hit ON hit.product_id = s.product_id GROUP BY 1, 2`
      : sql`SELECT s.attribute, ${valueOfRow(facets)} AS value, count(*)::int AS n, count(*)::int AS held
          FROM s GROUP BY 1, 2`;
  const total =
    chosen.length > 0
      ? sql`SELECT '' AS attribute, '' AS value, count(*)::int AS n, 0 AS held FROM hit WHERE ${sql.join(everyChosen, sql` AND `)}`
      : sql`SELECT '' AS attribute, '' AS value, count(*)::int AS n, 0 AS held FROM base`;
  const rows = await db
    .select({
      attribute: sql<string>`c.attribute`,
      value: sql<string | null>`c.value`,
      n: sql<number>`c.n`.mapWith(Number),
      held: sql<number>`c.held`.mapWith(Number),
      version: catalogueVersionColumn,
    })
    .from(sql`(
      WITH base AS MATERIALIZED (SELECT ${products.id} AS id FROM ${products} WHERE ${baseWhere ?? sql`TRUE`}),
      s AS MATERIALIZED (
        SELECT ps.product_id, ps.attribute, ps.option, ps.number FROM product_specs ps JOIN base ON base.id = ps.product_id
        WHERE ps.attribute IN (${attributes})
      )${hitCte}
      ${counted} UNION ALL ${total}
    ) AS c`);
  const counts: Record<string, Record<string, number>> = {};
  const held: Record<string, string[]> = {};
  let found = 0;
  let version = 0;
  const keyOf = new Map(facets.map((facet) => [facet.attribute, facet.key]));
  for (const row of rows) {
    version = Number(row.version);
    if (row.attribute === "") {
      found = Number(row.n);
      continue;
    }
    const key = keyOf.get(row.attribute);
    if (!key || row.value === null) continue;
    counts[key] = { ...counts[key], [row.value]: row.n };
    if (row.held > 0) held[key] = [...(held[key] ?? []), row.value];
  }
  return { counts, held, total: found, version };
}
