/**
 * The catalogue in bulk (issue 33, decision 0044): the CSV export of the back office's product list, and the
 * import that previews an uploaded file, then applies it whole or not at all.
 *
 * An upload is kept (`product_imports`) with the preview it gave, so any instance can page through it or commit
 * it. The commit names the file by its hash, reads it again, plans it again on the products as they are, locked,
 * and writes only if that plan is the one the preview showed: all rows in one transaction, so the catalogue's
 * version moves once and the shop's kept pages and searches follow.
 */
import { createHash } from "node:crypto";
import { json } from "@remix-run/node";
import { and, asc, desc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { colours, productColours, productImports, productSpecs, products } from "~/db/schema";
import { type Actor, recordAudits } from "~/features/audit/index.server";
import { sameOffer } from "~/features/rentals";
import { insertRentalOffers, readRentalOffers, writeRentalOffer } from "~/features/rentals/index.server";
import { toCsv } from "~/lib/csv";
import { violatedConstraint } from "~/lib/errors.server";
import type { AdminProductFilters } from "../admin-product-filters";
import { knownTags } from "../catalogue";
import {
  adminProductsWhere,
  colourIdsColumn,
  productFieldColumns,
  productRowFields,
} from "../product-admin.server";
import { addSearchWords, searchColumns, vocabularyOf } from "../search/search-index.server";
import { readSpecs, specRows } from "../specs/product-specs.server";
import { sameSpecs } from "../specs/spec-text";
import {
  type CatalogueProduct,
  type CatalogueRow,
  catalogueHeader,
  catalogueRow,
  cellValue,
  readCatalogueFile,
} from "./catalogue-csv";
import { catalogueImportMessages as messages } from "./import-messages";
import {
  type Colour,
  type ImportChange,
  type ImportError,
  type ImportPlan,
  type PlannedProduct,
  planImport,
  sameIds,
} from "./import-plan.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Rows written per statement: well under PostgreSQL's 65 535 parameters at the widest row. */
const BATCH = 500;

/** Uploads waiting for their commit per member, the new one included. */
const UPLOADS_KEPT_PER_MEMBER = 4;

/** At most this many errors are kept with a preview (and listed in its download): the rest are counted. */
export const MAX_ERRORS_KEPT = 5000;

// ---------------------------------------------------------------------------------------------------------
// Reading the catalogue
// ---------------------------------------------------------------------------------------------------------

/** Every colour, by id: the file names them. */
const readColours = (db: Database | Tx) =>
  db.select({ id: colours.id, name: colours.name }).from(colours).orderBy(asc(colours.id));

/** The products a condition selects, with all the file says of them, oldest first; locked with `lock`. */
async function catalogueProducts(
  db: Database | Tx,
  where: SQL | undefined,
  { lock = false, colourList }: { lock?: boolean; colourList?: readonly Colour[] } = {},
): Promise<CatalogueProduct[]> {
  const query = db
    .select({
      id: products.id,
      ...productFieldColumns,
      hiddenAt: products.hiddenAt,
      images: products.images,
      colourIds: colourIdsColumn,
    })
    .from(products)
    .where(where)
    .orderBy(asc(products.id));
  const rows = lock ? await query.for("update") : await query;
  const ids = rows.map((row) => row.id);
  // One after another: inside a transaction they share one connection.
  const specs = await readSpecs(db, ids);
  const offers = await readRentalOffers(db, ids);
  const names = colourList ?? (await readColours(db));
  const nameOf = new Map(names.map((colour) => [colour.id, colour.name]));
  return rows.map(({ hiddenAt, colourIds, tags, ...row }) => {
    const ids = colourIds.map(Number);
    return {
      ...row,
      tags: knownTags(tags),
      colourIds: ids,
      colourNames: ids.map((id) => nameOf.get(id) ?? ""),
      hidden: hiddenAt !== null,
      specs: specs.get(row.id) ?? {},
      offer: offers.get(row.id),
    };
  });
}

/** The back office's product list, every page of it, as a CSV file (app/features/catalogue/bulk/catalogue-csv.ts). */
export async function catalogueCsv(db: Database, filters: AdminProductFilters): Promise<string> {
  const listed = await catalogueProducts(db, adminProductsWhere(filters));
  return catalogueHeader() + listed.map(catalogueRow).join("");
}

/** The plan of a file's rows against the products their SKUs name, as they are now. */
async function planRows(db: Database | Tx, rows: readonly CatalogueRow[], { lock = false } = {}) {
  // At most MAX_IMPORT_ROWS of them: one parameter each stays far under PostgreSQL's 65 535.
  const skus = [
    ...new Set(
      rows.map((row) =>
        cellValue(row.cells.get("sku") ?? "")
          .trim()
          .toUpperCase(),
      ),
    ),
  ];
  const colourList = await readColours(db);
  const stored = await catalogueProducts(db, inArray(products.sku, skus), { lock, colourList });
  return planImport(rows, new Map(stored.map((product) => [product.sku, product])), colourList);
}

// ---------------------------------------------------------------------------------------------------------
// The preview
// ---------------------------------------------------------------------------------------------------------

/** One product the import creates or changes, as the preview lists it. */
export type PreviewItem = {
  row: number;
  sku: string;
  title: string;
  kind: "create" | "update";
  changes: ImportChange[];
};

/** What an upload would do: kept with it, paged by the preview, compared again by the commit. */
export type ImportPreview = {
  counts: { create: number; update: number; unchanged: number; errors: number };
  items: PreviewItem[];
  /** The first MAX_ERRORS_KEPT errors, in row order. */
  errors: ImportError[];
  /** A hash of the plan: the commit writes only when its own plan has the same. */
  digest: string;
};

function previewOf(plan: ImportPlan): ImportPreview {
  const item = (kind: PreviewItem["kind"]) => (planned: PlannedProduct) => ({
    row: planned.row,
    sku: planned.sku,
    title: planned.values.title,
    kind,
    changes: planned.changes,
  });
  const items = [...plan.creates.map(item("create")), ...plan.updates.map(item("update"))].sort(
    (a, b) => a.row - b.row,
  );
  const errors = [...plan.errors].sort((a, b) => a.row - b.row);
  return {
    counts: {
      create: plan.creates.length,
      update: plan.updates.length,
      unchanged: plan.unchanged,
      errors: errors.length,
    },
    items,
    errors: errors.slice(0, MAX_ERRORS_KEPT),
    // Of everything the commit would write and every product as it was read, not only what the preview
    // shows: a description changed past its first words since the preview changes the digest too.
    digest: createHash("sha256")
      .update(
        JSON.stringify(
          [...plan.creates, ...plan.updates].map((planned) => [
            planned.sku,
            planned.existing ?? null,
            planned.values,
            planned.hidden,
            planned.specs,
            planned.offer ?? null,
          ]),
        ),
      )
      .digest("hex"),
  };
}

/** A file's bytes as the text of a CSV file, or why not. */
function fileText(bytes: Uint8Array): { ok: true; text: string } | { ok: false; problem: string } {
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, problem: messages.notText };
  }
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export type Upload = { ok: true; kept: KeptImport } | { ok: false; problem: string };

/**
 * Reads an uploaded file, plans it against the catalogue, and keeps both for the preview; a file that cannot
 * be read as a catalogue (not text, not CSV, unknown columns, too many rows) is refused whole and not kept.
 */
export async function uploadCatalogue(
  db: Database,
  staffId: number,
  file: { name: string; bytes: Uint8Array },
): Promise<Upload> {
  const text = fileText(file.bytes);
  if (!text.ok) return text;
  const read = readCatalogueFile(text.text);
  if (!read.ok) return read;
  const preview = previewOf(await planRows(db, read.rows));
  // A name is the browser's to give: kept short and printable for the audit trail.
  const fileName = file.name.replace(/[^\p{L}\p{N} ._()-]/gu, "_").slice(0, 120) || "catalogue.csv";
  const fileHash = sha256(file.bytes);
  // A few uploads wait per member (two tabs, two files): older ones go, so retries of a large file do not pile up.
  await db.delete(productImports).where(
    and(
      eq(productImports.staffId, staffId),
      notInArray(
        productImports.id,
        db
          .select({ id: productImports.id })
          .from(productImports)
          .where(eq(productImports.staffId, staffId))
          .orderBy(desc(productImports.id))
          .limit(UPLOADS_KEPT_PER_MEMBER - 1),
      ),
    ),
  );
  const [kept] = await db
    .insert(productImports)
    .values({ staffId, fileName, fileHash, content: text.text, preview })
    .returning({ id: productImports.id });
  if (!kept) throw new Error("The upload was not returned");
  return { ok: true, kept: { id: kept.id, fileName, fileHash, preview } };
}

export type KeptImport = { id: number; fileName: string; fileHash: string; preview: ImportPreview };

/** An upload as its uploader sees it; undefined for another member's, or one imported or discarded. */
export async function keptImport(db: Database, staffId: number, id: number): Promise<KeptImport | undefined> {
  const [kept] = await db
    .select({
      id: productImports.id,
      fileName: productImports.fileName,
      fileHash: productImports.fileHash,
      preview: productImports.preview,
    })
    .from(productImports)
    .where(and(eq(productImports.id, id), eq(productImports.staffId, staffId)));
  return kept && { ...kept, preview: kept.preview as ImportPreview };
}

/** The answer for another member's upload, or one imported or discarded: not found. */
export const importGone = () => json({ message: messages.gone }, { status: 404 });

/** Drops an upload (its uploader's "Discard"); false when there was none. */
export async function discardImport(db: Database, staffId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(productImports)
    .where(and(eq(productImports.id, id), eq(productImports.staffId, staffId)))
    .returning({ id: productImports.id });
  return gone.length > 0;
}

// ---------------------------------------------------------------------------------------------------------
// The commit
// ---------------------------------------------------------------------------------------------------------

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

/** Products listed on a page of the preview. */
export const PREVIEW_PAGE_SIZE = 50;
/** Errors listed on the page; all of the kept ones are in the download. */
export const PREVIEW_ERRORS_SHOWN = 100;

/** One page of an upload's preview, as the page shows it. */
export type PreviewPage = {
  id: number;
  fileName: string;
  fileHash: string;
  counts: ImportPreview["counts"];
  items: PreviewItem[];
  errors: ImportError[];
  page: number;
  pages: number;
};

/** A page of the preview (the last page for a page past it). */
export function previewPage(kept: KeptImport, page: number): PreviewPage {
  const { preview } = kept;
  const pages = Math.max(1, Math.ceil(preview.items.length / PREVIEW_PAGE_SIZE));
  const shown = Math.min(Math.max(1, page), pages);
  return {
    id: kept.id,
    fileName: kept.fileName,
    fileHash: kept.fileHash,
    counts: preview.counts,
    items: preview.items.slice((shown - 1) * PREVIEW_PAGE_SIZE, shown * PREVIEW_PAGE_SIZE),
    errors: preview.errors.slice(0, PREVIEW_ERRORS_SHOWN),
    page: shown,
    pages,
  };
}

/** An upload's errors as a CSV file: row, column, value and message, cells defused for a spreadsheet. */
export function importErrorsCsv(kept: KeptImport): string {
  return toCsv(
    ["row", "column", "value", "message"],
    kept.preview.errors.map((error) => [String(error.row), error.column, error.value, error.message]),
  );
}
