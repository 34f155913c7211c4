import { inArray, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { productSpecs, products } from "~/db/schema";
import { catalogueVersionColumn } from "../catalogue-version.server";
import { keptByVersion } from "../kept-by-version.server";
import { allFacets, type Facet, type SpecSelection, TYPE_FACET } from "./facets";

/*
 * The store's facet counts, counted in the server's memory (decision 0042, as built). Counting in the
 * database read every specification row of every product in view for each new filter combination: 2.5 × the
 * cost of an unfiltered store page at 10,000 products on PGlite, against an aim of 1.1 ×. So each product's
 * facet values are read once per catalogue version into a small index (numbers as their facet's bucket), and a
 * page asks the database only for the ids its other filters select, in order; the facets are applied and
 * counted here, in one pass over those ids. The product type is one of them (TYPE_FACET): every product holds
 * one, read from its own column.
 */

/** Every facet value of every category, numbered: `ram=16` is one code. */
type Codes = { index: Map<string, number>; facetOf: Uint16Array };

function numberCodes(facets: readonly Facet[]): Codes {
  const index = new Map<string, number>();
  const facetOf: number[] = [];
  facets.forEach((facet, facetIndex) => {
    for (const value of facet.values) {
      index.set(`${facet.key}=${value.code}`, facetOf.length);
      facetOf.push(facetIndex);
    }
  });
  return { index, facetOf: Uint16Array.from(facetOf) };
}

const FACETS = [TYPE_FACET, ...allFacets()];
const CODES = numberCodes(FACETS);

/**
 * Each product's facet value codes: product `id`'s codes are codes[start[at[id]] .. start[at[id] + 1]), where
 * at[id] is its place (-1 for a product without facet values). Typed arrays, so it is kept and copied as bytes.
 */
export type FacetIndex = { at: Int32Array; start: Int32Array; codes: Uint16Array };

/** The code of one product_specs row, if its attribute is a facet and its value one of the facet's. */
function codeOfRow(row: {
  attribute: string;
  option: string | null;
  number: number | null;
}): number | undefined {
  const facet = FACETS.find((candidate) => candidate.attribute === row.attribute);
  if (!facet) return undefined;
  if (row.option !== null) return CODES.index.get(`${facet.key}=${row.option}`);
  const n = Number(row.number);
  const bucket = facet.buckets?.find(
    (b) => (b.min === undefined || n >= b.min) && (b.max === undefined || n <= b.max),
  );
  return bucket ? CODES.index.get(`${facet.key}=${bucket.code}`) : undefined;
}

/**
 * Reads every product's facet values, its type as one more row like a specification's: one query, once per
 * catalogue version.
 */
async function readFacetIndex(db: Database): Promise<{ value: FacetIndex; version: number }> {
  const attributes = [...new Set(allFacets().map((facet) => facet.attribute))];
  const specRows = db
    .select({
      productId: productSpecs.productId,
      attribute: productSpecs.attribute,
      option: productSpecs.option,
      number: productSpecs.number,
      version: catalogueVersionColumn,
    })
    .from(productSpecs)
    .where(inArray(productSpecs.attribute, attributes));
  const typeRows = db
    .select({
      productId: products.id,
      attribute: sql<string>`${TYPE_FACET.attribute}::text`,
      option: sql<string | null>`${products.productType}::text`,
      number: sql<number | null>`NULL::numeric`,
      version: catalogueVersionColumn,
    })
    .from(products);
  // Ordered by product (the first column), as facetIndexOf wants.
  const rows = await unionAll(specRows, typeRows).orderBy(sql`1`);
  const version = rows[0]?.version ?? (await versionNow(db));
  return { value: facetIndexOf(rows), version };
}

type SpecRow = { productId: number; attribute: string; option: string | null; number: number | null };

/** The index of these product_specs rows, ordered by product. */
export function facetIndexOf(rows: readonly SpecRow[]): FacetIndex {
  let highest = 0;
  for (const row of rows) highest = Math.max(highest, row.productId);
  const at = new Int32Array(highest + 1).fill(-1);
  const start: number[] = [];
  const codes: number[] = [];
  let current = -1;
  for (const row of rows) {
    const code = codeOfRow(row);
    if (code === undefined) continue;
    if (row.productId !== current) {
      current = row.productId;
      at[current] = start.length;
      start.push(codes.length);
    }
    codes.push(code);
  }
  start.push(codes.length);
  return { at, start: Int32Array.from(start), codes: Uint16Array.from(codes) };
}

async function versionNow(db: Database): Promise<number> {
  const [row] = await db.select({ version: catalogueVersionColumn }).from(sql`(SELECT 1) AS one`);
  return row?.version ?? 0;
}

const keptIndex = keptByVersion<FacetIndex>("facet index");

/** The index at the catalogue's version `version` (the one the page's ids were read at). */
export async function facetIndexAt(db: Database, version: number | null): Promise<FacetIndex> {
  return keptIndex.read(db, "index", version, () => readFacetIndex(db));
}

/** What the facets make of the products the other filters select. */
export type FacetResult = {
  /** Those that hold every chosen facet, in the order given. */
  matching: number[];
  /** Per facet key and value: what the value's facet would list with that value alone chosen in it. */
  counts: Record<string, Record<string, number>>;
  /** Per facet key: the values some of the products hold, chosen facets aside. */
  held: Record<string, string[]>;
};

/**
 * Applies the chosen facets to `ids` and counts every facet's values over them, disjunctively: a value's count
 * applies every chosen facet but its own.
 */
export function applyFacets(
  index: FacetIndex,
  ids: ArrayLike<number>,
  selection: SpecSelection,
): FacetResult {
  const chosenFacets: number[] = [];
  const chosenCode = new Uint8Array(CODES.facetOf.length);
  FACETS.forEach((facet, facetIndex) => {
    const values = selection[facet.key] ?? [];
    if (values.length === 0) return;
    chosenFacets.push(facetIndex);
    for (const value of values) {
      const code = CODES.index.get(`${facet.key}=${value}`);
      if (code !== undefined) chosenCode[code] = 1;
    }
  });
  const n = new Int32Array(CODES.facetOf.length);
  const heldCount = new Int32Array(CODES.facetOf.length);
  const matching: number[] = [];
  const hits = new Uint8Array(FACETS.length);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    const place = id < index.at.length ? (index.at[id] as number) : -1;
    const from = place < 0 ? 0 : (index.start[place] as number);
    const to = place < 0 ? 0 : (index.start[place + 1] as number);
    hits.fill(0);
    for (let c = from; c < to; c++) {
      const code = index.codes[c] as number;
      heldCount[code] = (heldCount[code] ?? 0) + 1;
      if (chosenCode[code]) hits[CODES.facetOf[code] as number] = 1;
    }
    // The chosen facets this product fails: none, it matches; one, it counts for that facet's values only.
    let failed = -1;
    let failures = 0;
    for (const facet of chosenFacets) {
      if (!hits[facet]) {
        failures++;
        failed = facet;
      }
    }
    if (failures > 1) continue;
    if (failures === 0) matching.push(id);
    for (let c = from; c < to; c++) {
      const code = index.codes[c] as number;
      if (failures === 0 || CODES.facetOf[code] === failed) n[code] = (n[code] ?? 0) + 1;
    }
  }
  const counts: Record<string, Record<string, number>> = {};
  const held: Record<string, string[]> = {};
  for (const [name, code] of CODES.index) {
    const [key = "", value = ""] = name.split("=");
    if (n[code]) counts[key] = { ...counts[key], [value]: n[code] as number };
    if (heldCount[code]) held[key] = [...(held[key] ?? []), value];
  }
  return { matching, counts, held };
}
