/**
 * The catalogue as a CSV file (issue 33): its columns, a product written as a row, and a file read back into
 * rows of cells. Written for a spreadsheet (app/lib/csv.ts: a byte-order mark, cells that could start a formula
 * defused, codes a spreadsheet would turn into numbers kept as text) and read back, so an exported file imports
 * as no change. Pure: no I/O. What the cells mean to a product is import-plan.server.ts's.
 */
import type { ProductImage } from "~/db/schema";
import { RENTAL_TENURES, type RentalOffer } from "~/features/rentals";
import { csvCell, FORMULA_START, NEGATIVE_NUMBER, parseCsv, textCell, unguard } from "~/lib/csv";
import { rupeesForInput } from "~/lib/money";
import type { ProductType, Tag } from "../catalogue";
import { SPEC_CATEGORIES } from "../specs/definitions";
import type { SpecValues } from "../specs/values";
import { catalogueImportMessages as messages } from "./import-messages";

/** The product's own fields, in the file's order. */
export const FIELD_COLUMNS = [
  "sku",
  "title",
  "brand",
  "category",
  "type",
  "tags",
  "colours",
  "mrp",
  "offer_price",
  "stock",
  "hsn",
  "gst_rate",
  "hidden",
  "description",
] as const;

/** A rental's offer (decision 0043): its deposit, a rent per tenure, and the rule for closing early. */
export const RENTAL_COLUMNS = [
  "rental_deposit",
  ...RENTAL_TENURES.map((months) => `rental_rent_${months}` as const),
  "rental_early_closure",
  "rental_closure_fee_months",
] as const;

/** One column per attribute of every category's specification, in the definitions' order. */
export const SPEC_COLUMNS: readonly string[] = [
  ...new Set(Object.values(SPEC_CATEGORIES).flatMap((specs) => specs.map((spec) => `spec.${spec.code}`))),
];

/** The product's pictures: written out to be seen, never read back (pictures are added on the product's page). */
export const PICTURES_COLUMN = "pictures";

export const CATALOGUE_COLUMNS: readonly string[] = [
  ...FIELD_COLUMNS,
  ...RENTAL_COLUMNS,
  ...SPEC_COLUMNS,
  PICTURES_COLUMN,
];

/** Several values in one cell (tags, colours, a "choices" attribute's options, pictures). */
export const LIST_SEPARATOR = "|";

/** A cell holding this empties the field; an empty cell leaves it as it is. */
export const CLEAR_MARKER = "[clear]";

/** At most this many products in one file: a bound on one request's work (decision 0044). */
export const MAX_IMPORT_ROWS = 10_000;

/** Blank lines a file may hold beside its products (a spreadsheet saves empty rows as `,,,,`). */
const MAX_BLANK_ROWS = 1_000;

/** A stored product as the file has it. */
export type CatalogueProduct = {
  id: number;
  sku: string;
  title: string;
  description: string;
  brand: string;
  category: string;
  productType: ProductType;
  tags: Tag[];
  /** The colours' ids, and their names in the same order. */
  colourIds: number[];
  colourNames: string[];
  originalPrice: number;
  discountedPrice: number;
  quantity: number;
  hsn: string;
  gstRate: number;
  hidden: boolean;
  images: ProductImage[];
  specs: SpecValues;
  offer: RentalOffer | undefined;
};

/**
 * A code a spreadsheet would read as a number and change (a leading zero dropped, a long number rounded) is
 * written as the text formula ="0402", which every spreadsheet shows as the code and saves back as it.
 */
export function codeCell(value: string): string {
  return /^\d+$/.test(value) && (value.startsWith("0") || value.length > 15)
    ? `="${value}"`
    : textCell(value);
}

const yesNo = (value: boolean) => (value ? "yes" : "no");

/** The cells of a product's specification, by column. */
function specCells(specs: SpecValues): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [code, value] of Object.entries(specs)) {
    cells[`spec.${code}`] =
      typeof value === "number"
        ? String(value)
        : typeof value === "string"
          ? value
          : value.join(LIST_SEPARATOR);
  }
  return cells;
}

/** The cells of a rental's offer, by column; a rental priced by its plans leaves MRP and offer price empty. */
function rentalCells(offer: RentalOffer | undefined): Record<string, string> {
  if (!offer) return {};
  const cells: Record<string, string> = {
    rental_deposit: rupeesForInput(offer.deposit),
    rental_early_closure: offer.earlyClosure,
    rental_closure_fee_months: offer.earlyClosure === "fee" ? String(offer.closureFeeMonths) : "",
  };
  for (const plan of offer.plans) cells[`rental_rent_${plan.months}`] = rupeesForInput(plan.monthlyRent);
  return cells;
}

/** One product as a line of the file, its cells in CATALOGUE_COLUMNS' order. */
export function catalogueRow(product: CatalogueProduct): string {
  const pricedByPlans = product.productType === "rental" && product.offer !== undefined;
  const cells: Record<string, string> = {
    sku: codeCell(product.sku),
    title: textCell(product.title),
    brand: textCell(product.brand),
    category: textCell(product.category),
    type: product.productType,
    tags: product.tags.join(LIST_SEPARATOR),
    colours: textCell(product.colourNames.join(LIST_SEPARATOR)),
    mrp: pricedByPlans ? "" : rupeesForInput(product.originalPrice),
    offer_price: pricedByPlans ? "" : rupeesForInput(product.discountedPrice),
    stock: String(product.quantity),
    hsn: codeCell(product.hsn),
    gst_rate: String(product.gstRate),
    hidden: yesNo(product.hidden),
    description: textCell(product.description),
    ...rentalCells(product.offer),
    ...specCells(product.specs),
    [PICTURES_COLUMN]: textCell(product.images.map((image) => image.url).join(LIST_SEPARATOR)),
  };
  // Cells of codes and numbers are written as they are; only those built above from text are quoted.
  return `${CATALOGUE_COLUMNS.map((column) => cells[column] ?? "").join(",")}\r\n`;
}

/** The header line: the columns' names. */
export const catalogueHeader = () => `${CATALOGUE_COLUMNS.map(csvCell).join(",")}\r\n`;

/** One row of an uploaded file: its line number (the header is 1) and its cells by column, as typed. */
export type CatalogueRow = { row: number; cells: Map<string, string> };

/** Where a file could not be read: the message names the row or column where it can. */
export type CatalogueFile =
  | { ok: true; columns: string[]; rows: CatalogueRow[] }
  | { ok: false; problem: string };

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === "");

/** A code of digits as codeCell writes it for a spreadsheet: ="0402". */
const DIGIT_CODE = /^="(\d+)"$/;

/**
 * A cell's value as the file means it: a defusing apostrophe taken off (csv.ts's unguard) and a code of digits
 * written as ="0402" read as its digits. Anything else that starts as a formula is reported by the import.
 */
export function cellValue(raw: string): string {
  const code = DIGIT_CODE.exec(raw.trim());
  return code ? (code[1] ?? "") : unguard(raw);
}

/**
 * Whether a cell is one a spreadsheet would run as a formula (OWASP's list of first characters), as written
 * or once the spaces the import trims are gone; a plain negative number and a digit code are not.
 */
export function looksLikeFormula(raw: string): boolean {
  const trimmed = raw.trim();
  if (DIGIT_CODE.test(trimmed) || NEGATIVE_NUMBER.test(trimmed)) return false;
  return FORMULA_START.test(raw) || FORMULA_START.test(trimmed);
}

/**
 * The rows of an uploaded catalogue file, or why the whole file cannot be read: not CSV, an unknown or
 * repeated column, no `sku` column, more than MAX_IMPORT_ROWS products. Blank rows are skipped.
 */
export function readCatalogueFile(text: string): CatalogueFile {
  if (text.includes("\u0000")) return { ok: false, problem: messages.nulBytes };
  // Room for the empty columns a spreadsheet may add after the last one; a wider row is not this file.
  // Room for the header and for blank lines a spreadsheet leaves between the products; no more.
  const parsed = parseCsv(text, {
    maxCells: CATALOGUE_COLUMNS.length + 50,
    maxRecords: MAX_IMPORT_ROWS + MAX_BLANK_ROWS + 1,
  });
  if (!parsed.ok) {
    // Past the bound on records, what matters to the member is how many products a file may hold.
    const tooLong = parsed.row > MAX_IMPORT_ROWS + MAX_BLANK_ROWS + 1;
    return {
      ok: false,
      problem: tooLong
        ? messages.tooManyRows(MAX_IMPORT_ROWS)
        : messages.unreadable(parsed.row, parsed.message),
    };
  }
  const [header, ...records] = parsed.records;
  if (!header || isBlank(header)) return { ok: false, problem: messages.empty };
  const columns = header.map((cell) => cellValue(cell).trim().toLowerCase());
  const unknown = columns.filter((name) => name !== "" && !CATALOGUE_COLUMNS.includes(name));
  if (unknown.length > 0) return { ok: false, problem: messages.unknownColumns(unknown.slice(0, 5)) };
  const repeated = columns.find((name, i) => name !== "" && columns.indexOf(name) !== i);
  if (repeated) return { ok: false, problem: messages.repeatedColumn(repeated) };
  if (!columns.includes("sku")) return { ok: false, problem: messages.noSkuColumn };

  const rows: CatalogueRow[] = [];
  for (const [index, record] of records.entries()) {
    if (isBlank(record)) continue;
    if (rows.length === MAX_IMPORT_ROWS) return { ok: false, problem: messages.tooManyRows(MAX_IMPORT_ROWS) };
    const cells = new Map<string, string>();
    record.forEach((cell, at) => {
      const column = columns[at] ?? "";
      // A cell under no column: kept under "" so the import can say so.
      if (column !== "" || cell.trim() !== "") cells.set(column, cell);
    });
    rows.push({ row: index + 2, cells });
  }
  if (rows.length === 0) return { ok: false, problem: messages.noRows };
  return { ok: true, columns: columns.filter((name) => name !== ""), rows };
}
