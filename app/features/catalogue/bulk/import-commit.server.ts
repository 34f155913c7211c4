import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { productColours, productImports, productSpecs, products } from "~/db/schema";
import { type Actor, recordAudits } from "~/features/audit/index.server";
import { sameOffer } from "~/features/rentals";
import { insertRentalOffers, writeRentalOffer } from "~/features/rentals/index.server";
import { violatedConstraint } from "~/lib/errors.server";
import { productRowFields } from "../product-admin.server";
import { addSearchWords, searchColumns, vocabularyOf } from "../search/search-index.server";
import { specRows } from "../specs/product-specs.server";
import { sameSpecs } from "../specs/spec-text";
import { type ImportPreview, type KeptImport, planRows, previewOf } from "./bulk.server";
import { readCatalogueFile } from "./catalogue-csv";
import { type ImportChange, type ImportPlan, type PlannedProduct, sameIds } from "./import-plan.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Rows written per statement: well under PostgreSQL's 65 535 parameters at the widest row. */
const BATCH = 500;

export type Committed =
  | { ok: true; created: number; updated: number; unchanged: number }
  | { ok: false; problem: "gone" }
  | { ok: false; problem: "other-file" }
  /** Planned again, the file has errors or would do other than the preview said: the preview is renewed. */
  | { ok: false; problem: "errors"; kept: KeptImport }
  | { ok: false; problem: "changed"; kept: KeptImport };

/** Thrown inside the commit's transaction to roll it back, with the preview of the plan that made it stop. */
class Stop extends Error {
  constructor(
    readonly problem: "errors" | "changed",
    readonly preview: ImportPreview,
  ) {
    super("import stopped");
  }
}

/**
 * Applies an upload, if `fileHash` is its file's and the plan made now, on the products locked, is the one its
 * preview showed. All of it or nothing: a row refused now (a SKU taken meanwhile) refuses the whole file.
 */
export async function commitImport(
  db: Database,
  actor: Actor & { id: number },
  id: number,
  fileHash: string,
): Promise<Committed> {
  const [kept] = await db
    .select({
      fileName: productImports.fileName,
      fileHash: productImports.fileHash,
      content: productImports.content,
      preview: productImports.preview,
    })
    .from(productImports)
    .where(and(eq(productImports.id, id), eq(productImports.staffId, actor.id)));
  if (!kept) return { ok: false, problem: "gone" };
  if (kept.fileHash !== fileHash) return { ok: false, problem: "other-file" };
  const read = readCatalogueFile(kept.content);
  // It was read at the upload; the same bytes read the same.
  if (!read.ok) throw new Error(`A kept upload no longer reads: ${read.problem}`);
  const previewed = kept.preview as ImportPreview;
  const renew = async (problem: "errors" | "changed", preview: ImportPreview): Promise<Committed> => {
    await db.update(productImports).set({ preview }).where(eq(productImports.id, id));
    return { ok: false, problem, kept: { id, fileName: kept.fileName, fileHash: kept.fileHash, preview } };
  };

  try {
    return await db.transaction(async (tx): Promise<Committed> => {
      // The upload's row first: a second press of Import (or a second tab) waits here for the first commit,
      // then finds the upload gone with it, rather than a catalogue "changed since the preview".
      const [still] = await tx
        .select({ id: productImports.id })
        .from(productImports)
        .where(eq(productImports.id, id))
        .for("update");
      if (!still) return { ok: false, problem: "gone" };
      const plan = await planRows(tx, read.rows, { lock: true });
      const preview = previewOf(plan);
      if (preview.counts.errors > 0) throw new Stop("errors", preview);
      if (preview.digest !== previewed.digest) throw new Stop("changed", preview);
      await writeUpdates(tx, plan.updates);
      const createdIds = await writeCreates(tx, plan.creates);
      await addSearchWords(
        tx,
        [...plan.creates, ...plan.updates].flatMap((planned) => vocabularyOf(planned.values, planned.specs)),
      );
      await auditImport(tx, actor, { name: kept.fileName, hash: kept.fileHash }, plan, createdIds);
      await tx.delete(productImports).where(eq(productImports.id, id));
      return {
        ok: true,
        created: plan.creates.length,
        updated: plan.updates.length,
        unchanged: plan.unchanged,
      };
    });
  } catch (error) {
    if (error instanceof Stop) return renew(error.problem, error.preview);
    // A product saved with one of the file's new SKUs between the plan and the insert.
    if (violatedConstraint(error) === "products_sku") {
      const again = await db.transaction((tx) => planRows(tx, read.rows));
      return renew("changed", previewOf(again));
    }
    throw error;
  }
}

/** The product row's own fields as the import stores them. */
function storedFields(planned: PlannedProduct) {
  return { sku: planned.sku, ...productRowFields(planned.values, planned.values.description) };
}

async function inBatches<T>(items: readonly T[], write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += BATCH) await write(items.slice(i, i + BATCH));
}

/**
 * The rows of a batch of changed products in one statement: each column's values as one array parameter,
 * unnested side by side. A hidden product keeps the moment it was hidden while it stays hidden.
 */
async function updateRows(tx: Tx, batch: readonly PlannedProduct[]) {
  const rows = batch.map((planned) => {
    const fields = storedFields(planned);
    const search = searchColumns(fields, planned.specs);
    const hiding = planned.hidden === planned.existing?.hidden ? "keep" : planned.hidden ? "hide" : "show";
    return { id: planned.existing?.id ?? 0, fields, search, hiding };
  });
  const column = <T>(value: (row: (typeof rows)[number]) => T) => sql.param(rows.map(value));
  await tx.execute(sql`
    UPDATE ${products} AS p SET
      sku = v.sku, title = v.title, description = v.description, brand = v.brand, category = v.category,
      product_type = v.product_type::product_type,
      tags = ARRAY(SELECT jsonb_array_elements_text(v.tags::jsonb)),
      original_price = v.original_price, discounted_price = v.discounted_price, quantity = v.quantity,
      hsn = v.hsn, gst_rate = v.gst_rate,
      search_title = v.search_title, search_text = v.search_text, search_version = v.search_version,
      hidden_at = CASE v.hiding WHEN 'hide' THEN now() WHEN 'show' THEN NULL ELSE p.hidden_at END,
      updated_at = now()
    FROM unnest(
      ${column((row) => row.id)}::int[], ${column((row) => row.fields.sku)}::text[],
      ${column((row) => row.fields.title)}::text[], ${column((row) => row.fields.description)}::text[],
      ${column((row) => row.fields.brand)}::text[], ${column((row) => row.fields.category)}::text[],
      ${column((row) => row.fields.productType)}::text[], ${column((row) => JSON.stringify(row.fields.tags))}::text[],
      ${column((row) => row.fields.originalPrice)}::int[], ${column((row) => row.fields.discountedPrice)}::int[],
      ${column((row) => row.fields.quantity)}::int[], ${column((row) => row.fields.hsn)}::text[],
      ${column((row) => row.fields.gstRate)}::int[], ${column((row) => row.search.searchTitle)}::text[],
      ${column((row) => row.search.searchText)}::text[], ${column((row) => row.search.searchVersion)}::int[],
      ${column((row) => row.hiding)}::text[]
    ) AS v(id, sku, title, description, brand, category, product_type, tags, original_price, discounted_price,
      quantity, hsn, gst_rate, search_title, search_text, search_version, hiding)
    WHERE p.id = v.id`);
}

/** Each changed product's row, then its colours, specification and rental offer where those changed. */
async function writeUpdates(tx: Tx, updates: readonly PlannedProduct[]) {
  const colourChanges: { id: number; colourIds: number[] }[] = [];
  const specChanges: PlannedProduct[] = [];
  await inBatches(updates, (batch) => updateRows(tx, batch));
  for (const planned of updates) {
    const existing = planned.existing;
    if (!existing) continue;
    if (!sameIds(existing.colourIds, planned.values.colourIds)) {
      colourChanges.push({ id: existing.id, colourIds: planned.values.colourIds });
    }
    if (!sameSpecs(existing.specs, planned.specs)) specChanges.push(planned);
    // New plans, or none: a product no longer rented loses its offer with its type.
    if (!sameOffer(existing.offer, planned.offer)) await writeRentalOffer(tx, existing.id, planned.offer);
  }
  await inBatches(colourChanges, async (batch) => {
    await tx.delete(productColours).where(
      inArray(
        productColours.productId,
        batch.map((change) => change.id),
      ),
    );
    await tx
      .insert(productColours)
      .values(
        batch.flatMap((change) => change.colourIds.map((colourId) => ({ productId: change.id, colourId }))),
      );
  });
  await inBatches(specChanges, async (batch) => {
    await tx.delete(productSpecs).where(
      inArray(
        productSpecs.productId,
        batch.map((planned) => planned.existing?.id ?? 0),
      ),
    );
    const rows = batch.flatMap((planned) =>
      specRows(planned.existing?.id ?? 0, planned.values.category, planned.specs),
    );
    if (rows.length > 0) await tx.insert(productSpecs).values(rows);
  });
}

/** The new products, in batches, then their colours, specifications and offers; their ids by SKU. */
async function writeCreates(tx: Tx, creates: readonly PlannedProduct[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  await inBatches(creates, async (batch) => {
    const made = await tx
      .insert(products)
      .values(
        batch.map((planned) => {
          const fields = storedFields(planned);
          return {
            ...fields,
            ...searchColumns(fields, planned.specs),
            hiddenAt: planned.hidden ? new Date() : null,
          };
        }),
      )
      .returning({ id: products.id, sku: products.sku });
    for (const row of made) ids.set(row.sku, row.id);
    const idOf = (planned: PlannedProduct) => ids.get(planned.sku) ?? 0;
    await tx
      .insert(productColours)
      .values(
        batch.flatMap((planned) =>
          planned.values.colourIds.map((colourId) => ({ productId: idOf(planned), colourId })),
        ),
      );
    const specs = batch.flatMap((planned) => specRows(idOf(planned), planned.values.category, planned.specs));
    for (let i = 0; i < specs.length; i += BATCH * 4)
      await tx.insert(productSpecs).values(specs.slice(i, i + BATCH * 4));
    await insertRentalOffers(
      tx,
      batch.flatMap((planned) => (planned.offer ? [{ productId: idOf(planned), offer: planned.offer }] : [])),
    );
  });
  return ids;
}

/**
 * One entry for the import (who, the file's name and hash, the counts) and one per product, with each
 * changed field before and after, as the product form's saves are audited.
 */
async function auditImport(
  tx: Tx,
  actor: Actor,
  file: { name: string; hash: string },
  plan: ImportPlan,
  createdIds: ReadonlyMap<string, number>,
) {
  const byField = (changes: readonly ImportChange[]) =>
    Object.fromEntries(
      changes.map((change) => [change.field, { before: change.before || null, after: change.after }]),
    );
  const entry = (action: string, subject: string, details: Record<string, unknown>) => ({
    action,
    subject,
    details,
  });
  const entries = [
    entry("product.import", "catalogue", {
      file: file.name,
      sha256: file.hash,
      created: plan.creates.length,
      updated: plan.updates.length,
      unchanged: plan.unchanged,
    }),
    ...plan.creates.map((planned) =>
      entry("product.create", `product ${createdIds.get(planned.sku) ?? 0}`, {
        title: planned.values.title,
        import: file.name,
        changes: byField(planned.changes),
      }),
    ),
    ...plan.updates.map((planned) =>
      entry("product.update", `product ${planned.existing?.id ?? 0}`, {
        title: planned.values.title,
        import: file.name,
        changes: byField(planned.changes),
      }),
    ),
  ];
  await recordAudits(tx, actor, entries);
}
