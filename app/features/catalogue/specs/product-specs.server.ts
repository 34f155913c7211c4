import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { productSpecs, products } from "~/db/schema";
import { searchableFields, writeSearchColumns } from "../search/search-index.server";
import { specsOfCategory } from "./definitions";
import type { SpecValue, SpecValues } from "./values";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Each product's specification by its id; a product with none has no entry. */
export async function readSpecs(
  db: Database | Tx,
  productIds: readonly number[],
): Promise<Map<number, SpecValues>> {
  const found = new Map<number, Record<string, SpecValue>>();
  if (productIds.length === 0) return found;
  const rows = await db
    .select()
    .from(productSpecs)
    .where(inArray(productSpecs.productId, [...productIds]))
    .orderBy(asc(productSpecs.productId), asc(productSpecs.attribute), asc(productSpecs.option));
  for (const row of rows) {
    const values = found.get(row.productId) ?? {};
    found.set(row.productId, values);
    if (row.kind === "number" && row.number !== null) values[row.attribute] = Number(row.number);
    else if (row.kind === "choice" && row.option !== null) values[row.attribute] = row.option;
    else if (row.option !== null) {
      const before = values[row.attribute];
      values[row.attribute] = [...(Array.isArray(before) ? before : []), row.option];
    }
  }
  return found;
}

/** One product's specification, empty when it has none. */
export async function readProductSpecs(db: Database | Tx, productId: number): Promise<SpecValues> {
  return (await readSpecs(db, [productId])).get(productId) ?? {};
}

/** The rows that keep one product's values; the database refuses what the definitions do not allow. */
export function specRows(
  productId: number,
  category: string,
  values: SpecValues,
): (typeof productSpecs.$inferInsert)[] {
  const kinds = new Map(specsOfCategory(category).map((spec) => [spec.code, spec.kind]));
  return Object.entries(values).flatMap(([attribute, value]): (typeof productSpecs.$inferInsert)[] => {
    const kind =
      kinds.get(attribute) ??
      (typeof value === "number" ? "number" : Array.isArray(value) ? "choices" : "choice");
    if (typeof value === "number") return [{ productId, attribute, kind, number: value, option: null }];
    const options: readonly string[] = typeof value === "string" ? [value] : value;
    return options.map((option) => ({ productId, attribute, kind, number: null, option }));
  });
}

/**
 * Replaces a product's specification with `values` (in the caller's transaction), and rewrites the product's
 * search columns from its fields and these values: a specification's words are searched (decision 0042).
 */
export async function writeSpecs(tx: Database | Tx, productId: number, category: string, values: SpecValues) {
  await tx.delete(productSpecs).where(eq(productSpecs.productId, productId));
  const rows = specRows(productId, category, values);
  if (rows.length > 0) await tx.insert(productSpecs).values(rows);
  const [product] = await tx.select(searchableFields).from(products).where(eq(products.id, productId));
  if (product) await writeSearchColumns(tx, [{ ...product, specs: values }]);
}
