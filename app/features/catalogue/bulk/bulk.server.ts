/**
 * The catalogue in bulk (issue 33, decision 0044): the CSV export of the back office's product list, and the
 * import that previews an uploaded file, then applies it whole or not at all.
 *
 * An upload is kept (`product_imports`) with the preview it gave, so any instance can page through it or commit
 * it (import-commit.server.ts). The commit names the file by its hash, reads it again, plans it again on the products as they are, locked,
 * and writes only if that plan is the one the preview showed: all rows in one transaction, so the catalogue's
 * version moves once and the shop's kept pages and searches follow.
 */
import { createHash } from "node:crypto";
import { json } from "@remix-run/node";
import { and, asc, desc, eq, inArray, notInArray, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { colours, productImports, products } from "~/db/schema";
import { readRentalOffers } from "~/features/rentals/index.server";
import { toCsv } from "~/lib/csv";
import type { AdminProductFilters } from "../admin-product-filters";
import { knownTags } from "../catalogue";
import { colourIdsColumn, productFieldColumns } from "../product-admin.server";
import { adminProductsWhere } from "../product-admin-list.server";
import { readSpecs } from "../specs/product-specs.server";
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
} from "./import-plan.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

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
export async function planRows(db: Database | Tx, rows: readonly CatalogueRow[], { lock = false } = {}) {
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

export function previewOf(plan: ImportPlan): ImportPreview {
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
