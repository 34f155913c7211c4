/**
 * What an uploaded catalogue file would do (issue 33): each row matched to its product by SKU, read as the
 * product form would be filled in, checked by the product form's own schema (one rule, one home), and compared
 * with the product as it is. No I/O: the stored products and colours are given; the writing is bulk.server.ts's.
 *
 * A row fills in the form the product's edit page would show: a column absent from the file, or an empty
 * cell, leaves the field as it is; `[clear]` empties it. A SKU the catalogue does not have is a new product,
 * which needs every field the new-product form asks for.
 */
import { offerSummary, RENTAL_FIELDS_NAME, type RentalOffer, sameOffer } from "~/features/rentals";
import { formatRupees } from "~/lib/money";
import { sanitizeDescription } from "~/lib/sanitize.server";
import { productTypeLabels, TAGS, tagLabels } from "../catalogue";
import { productAdminMessages } from "../messages";
import type { ProductValues } from "../product-admin.server";
import { productFormDefaults, type StoredProductFields } from "../product-form-defaults";
import { productFormSchema, productValuesOf, skuField } from "../schemas";
import { SPEC_UNITS } from "../specs/definitions";
import { specsToStore } from "../specs/form-values";
import { specByCode, specChanges } from "../specs/spec-text";
import { type SpecValues, specProblems } from "../specs/values";
import {
  type CatalogueProduct,
  type CatalogueRow,
  CLEAR_MARKER,
  cellValue,
  LIST_SEPARATOR,
  looksLikeFormula,
  PICTURES_COLUMN,
  SPEC_COLUMNS,
} from "./catalogue-csv";
import { catalogueImportMessages as messages } from "./import-messages";

/** Whether two lists of ids hold the same ids, in whatever order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const [x, y] = [[...a].sort((m, n) => m - n), [...b].sort((m, n) => m - n)];
  return x.length === y.length && x.every((id, i) => id === y[i]);
}

/** One thing wrong with one cell: its row, its column, what it holds and why it is refused. */
export type ImportError = { row: number; column: string; value: string; message: string };

/** One field of a product, before and after the import, as people read it ("" for none). */
export type ImportChange = { field: string; before: string; after: string };

/** A row that creates a product or changes one, with everything its writing needs. */
export type PlannedProduct = {
  row: number;
  sku: string;
  /** The product it changes; absent for a new one. */
  existing?: CatalogueProduct;
  values: ProductValues;
  hidden: boolean;
  specs: SpecValues;
  offer: RentalOffer | undefined;
  changes: ImportChange[];
};

export type ImportPlan = {
  creates: PlannedProduct[];
  updates: PlannedProduct[];
  unchanged: number;
  errors: ImportError[];
};

export type Colour = { id: number; name: string };

/** Rows planned before the plan lets the server answer other requests. */
const PLANNED_BETWEEN_PAUSES = 200;

/** The form's field each column fills in (the specification's and the rental's have their own). */
const FORM_FIELD: Record<string, string> = {
  title: "title",
  brand: "brand",
  category: "category",
  type: "productType",
  tags: "tags",
  colours: "colours",
  mrp: "mrp",
  offer_price: "offerPrice",
  stock: "stock",
  hsn: "hsn",
  gst_rate: "gstRate",
  description: "description",
  sku: "sku",
};
const COLUMN_OF_FIELD = Object.fromEntries(
  Object.entries(FORM_FIELD).map(([column, field]) => [field, column]),
);

const RENTAL_FIELD_OF_COLUMN: Record<string, string> = {
  rental_deposit: "deposit",
  rental_early_closure: "earlyClosure",
  rental_closure_fee_months: "closureFeeMonths",
};
const rentalFieldOf = (column: string) =>
  RENTAL_FIELD_OF_COLUMN[column] ?? column.replace(/^rental_rent_(\d+)$/, "rent$1");
const rentalColumnOf = (field: string) =>
  Object.entries(RENTAL_FIELD_OF_COLUMN).find(([, name]) => name === field)?.[0] ??
  field.replace(/^rent(\d+)$/, "rental_rent_$1");

const SPEC_FIELDS = SPEC_COLUMNS.map((column) => column.slice("spec.".length)).join(",");

const split = (value: string) =>
  value
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== "");

/** A number typed with its unit ("16 GB", "16GB", "13th gen") as the number alone. */
function withoutUnit(typed: string, unit: string): string {
  return typed.toLowerCase().endsWith(unit.toLowerCase())
    ? typed.slice(0, typed.length - unit.length).trim()
    : typed;
}

/**
 * An option typed by its code (with spaces for hyphens), its name or one of its search words ("core-i7",
 * "Core i7", "Intel Core i7", "i7"), in whatever case, as its code; else as typed, which the schema refuses. A word two options share names neither.
 */
function optionCode(code: string, typed: string): string {
  const spec = specByCode(code);
  if (!spec || spec.kind === "number") return typed;
  const wanted = typed.trim().toLowerCase();
  const matches = spec.options.filter(
    (option) =>
      option.code === wanted.replace(/\s+/g, "-") ||
      option.label.toLowerCase() === wanted ||
      (option.words ?? []).some((word) => word.toLowerCase() === wanted),
  );
  return matches.length === 1 && matches[0] ? matches[0].code : typed;
}

/** The product form as the product's edit page fills it in; a new product's is empty but for its SKU. */
function formOf(product: CatalogueProduct | undefined, sku: string): Record<string, unknown> {
  if (!product) return { sku, tags: [], colours: [], spec: {}, rental: {} };
  return { ...productFormDefaults(product, product.specs, product.offer), sku };
}

type RowReading = {
  form: Record<string, unknown>;
  hidden: boolean | undefined;
  errors: ImportError[];
};

/** Fills the form in with the row's cells: an empty cell leaves a field, `[clear]` empties it. */
function readRow(
  row: CatalogueRow,
  base: Record<string, unknown>,
  colourIdOf: Map<string, number>,
): RowReading {
  const spec: Record<string, unknown> = { ...(base.spec as object) };
  const rental: Record<string, unknown> = { ...(base.rental as object) };
  const form: Record<string, unknown> = { ...base, spec, rental };
  const errors: ImportError[] = [];
  let hidden: boolean | undefined;
  for (const [column, raw] of row.cells) {
    const refuse = (message: string) => errors.push({ row: row.row, column, value: shown(raw), message });
    if (column === "") {
      refuse(messages.extraCell);
      continue;
    }
    if (column === "sku" || column === PICTURES_COLUMN) continue;
    if (looksLikeFormula(raw)) {
      refuse(messages.formula);
      continue;
    }
    const value = cellValue(raw).trim();
    if (value === "") continue;
    const clear = value.toLowerCase() === CLEAR_MARKER;
    if (column === "hidden") {
      const answer = value.toLowerCase();
      if (answer === "yes" || answer === "no") hidden = answer === "yes";
      else refuse(messages.hiddenInvalid);
    } else if (column === "tags") {
      form.tags = clear ? [] : split(value).map((tag) => tag.toLowerCase());
    } else if (column === "colours") {
      const ids: string[] = [];
      for (const name of clear ? [] : split(value)) {
        const id = colourIdOf.get(name.toLowerCase());
        if (id === undefined) refuse(messages.colourUnknown(name));
        else ids.push(String(id));
      }
      form.colours = ids;
    } else if (column === "type") {
      form.productType = clear ? "" : value.toLowerCase();
    } else if (column.startsWith("spec.")) {
      const code = column.slice("spec.".length);
      const definition = specByCode(code);
      const kind = definition?.kind;
      if (clear) spec[code] = kind === "choices" ? [] : "";
      else if (kind === "choices") spec[code] = split(value).map((typed) => optionCode(code, typed));
      else if (kind === "choice") spec[code] = optionCode(code, value);
      else if (definition?.kind === "number")
        spec[code] = withoutUnit(value, SPEC_UNITS[definition.unit].text);
      else spec[code] = value;
    } else if (column.startsWith("rental_")) {
      const field = rentalFieldOf(column);
      rental[field] = clear ? "" : field === "earlyClosure" ? value.toLowerCase() : value;
    } else {
      const field = FORM_FIELD[column];
      if (field) form[field] = clear ? "" : value;
    }
  }
  form.specFields = SPEC_FIELDS;
  if (form.productType === "rental") form[RENTAL_FIELDS_NAME] = "1";
  return { form, hidden, errors };
}

/** The column an issue of the product form's schema is about (`spec.ram_gb`, `rental_rent_3`, `offer_price`). */
function columnOf(path: readonly (string | number)[]): string {
  const [first, second] = path.map(String);
  if (first === "spec" && second) return `spec.${second}`;
  if (first === "rental" && second) return rentalColumnOf(second);
  return COLUMN_OF_FIELD[first ?? ""] ?? first ?? "";
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** A refused cell as the preview and its download show it: enough to find it, never the whole of a long one. */
const shown = (value: string) => (value.length > 100 ? `${value.slice(0, 99)}…` : value);
const tagsText = (tags: readonly string[]) =>
  TAGS.filter((tag) => tags.includes(tag))
    .map((tag) => tagLabels[tag])
    .join(", ");
/** A description in the preview: its first words, and that it changed. */
const excerpt = (html: string) => {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};
const rentalText = (offer: RentalOffer | undefined) => {
  const summary = offerSummary(offer);
  return summary ? `${summary.plans}; deposit ${summary.deposit}` : "";
};

type Compared = StoredProductFields & { hidden: boolean; specs: SpecValues; offer: RentalOffer | undefined };

/** What differs between a product as it is and as the row makes it, field by field, as people read it. */
function changesBetween(before: Compared | undefined, after: Compared, colourName: (id: number) => string) {
  const changes: ImportChange[] = [];
  const note = (field: string, was: string, now: string) => {
    if (was !== now) changes.push({ field, before: was, after: now });
  };
  const colours = (ids: readonly number[]) =>
    [...ids]
      .sort((a, b) => a - b)
      .map(colourName)
      .join(", ");
  note("Title", before?.title ?? "", after.title);
  note("Brand", before?.brand ?? "", after.brand);
  note("Category", before?.category ?? "", after.category);
  note(
    "Type",
    before ? productTypeLabels[before.productType as keyof typeof productTypeLabels] : "",
    productTypeLabels[after.productType as keyof typeof productTypeLabels],
  );
  note("Tags", before ? tagsText(before.tags) : "", tagsText(after.tags));
  if (!before || !sameIds(before.colourIds, after.colourIds)) {
    note("Colours", before ? colours(before.colourIds) : "", colours(after.colourIds));
  }
  if (!before || !sameOffer(before.offer, after.offer)) {
    note("Rental plans", rentalText(before?.offer), rentalText(after.offer));
  }
  note("MRP", before ? formatRupees(before.originalPrice) : "", formatRupees(after.originalPrice));
  note(
    "Offer price",
    before ? formatRupees(before.discountedPrice) : "",
    formatRupees(after.discountedPrice),
  );
  note("Stock", before ? String(before.quantity) : "", String(after.quantity));
  note("HSN", before?.hsn ?? "", after.hsn);
  note("GST rate", before ? `${before.gstRate} %` : "", `${after.gstRate} %`);
  note("Hidden", before ? yesNo(before.hidden) : "", yesNo(after.hidden));
  if (before?.description !== after.description) {
    const [was, now] = [before ? excerpt(before.description) : "", excerpt(after.description)];
    // Two descriptions whose first words read alike still changed.
    changes.push({ field: "Description", before: was, after: was === now ? `${now} (changed)` : now });
  }
  const specs = specChanges(
    { before: before?.category ?? after.category, after: after.category },
    before?.specs ?? {},
    after.specs,
  );
  for (const [label, change] of Object.entries(specs)) note(label, change.before ?? "", change.after ?? "");
  return changes;
}

/** A stored product as compared: its description as the shop would store it again. */
function comparedOf(product: CatalogueProduct): Compared {
  return { ...product, description: sanitizeDescription(product.description).trim() };
}

/**
 * What the file's rows would do to the catalogue: new products, changed products (each with its changes),
 * how many are unchanged, and every error by row and column. `existing` holds the stored products the file's
 * SKUs name, by SKU.
 */
export async function planImport(
  rows: readonly CatalogueRow[],
  existing: ReadonlyMap<string, CatalogueProduct>,
  colours: readonly Colour[],
): Promise<ImportPlan> {
  const colourIdOf = new Map<string, number>();
  // The first colour of a name wins, as the product form lists them by name.
  for (const colour of colours) {
    if (!colourIdOf.has(colour.name.toLowerCase())) colourIdOf.set(colour.name.toLowerCase(), colour.id);
  }
  const colourNames = new Map(colours.map((colour) => [colour.id, colour.name]));
  const colourName = (id: number) => colourNames.get(id) ?? `#${id}`;
  const plan: ImportPlan = { creates: [], updates: [], unchanged: 0, errors: [] };
  const rowOfSku = new Map<string, number>();

  for (const [index, row] of rows.entries()) {
    // Ten thousand rows take seconds: the server answers other requests in between.
    if (index % PLANNED_BETWEEN_PAUSES === 0) await new Promise((resolve) => setImmediate(resolve));
    const rawSku = row.cells.get("sku") ?? "";
    const skuProblem = (message: string) =>
      plan.errors.push({ row: row.row, column: "sku", value: shown(rawSku), message });
    const sku = skuField.safeParse(cellValue(rawSku));
    if (!sku.success) {
      skuProblem(sku.error.issues[0]?.message ?? messages.skuRequired);
      continue;
    }
    if (sku.data === undefined) {
      skuProblem(messages.skuRequired);
      continue;
    }
    const seenOn = rowOfSku.get(sku.data);
    if (seenOn !== undefined) {
      skuProblem(messages.skuRepeated(seenOn));
      continue;
    }
    rowOfSku.set(sku.data, row.row);

    const product = existing.get(sku.data);
    const reading = readRow(row, formOf(product, sku.data), colourIdOf);
    const parsed = productFormSchema.safeParse(reading.form);
    const errors = [...reading.errors];
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = columnOf(issue.path);
        errors.push({
          row: row.row,
          column,
          value: shown(row.cells.get(column) ?? ""),
          message: issue.message,
        });
      }
    }
    if (!parsed.success || errors.length > 0) {
      plan.errors.push(...dedupe(errors));
      continue;
    }
    const values = productValuesOf(parsed.data);
    const description = sanitizeDescription(values.description).trim();
    if (description === "") {
      plan.errors.push({
        row: row.row,
        column: "description",
        value: shown(row.cells.get("description") ?? ""),
        message: productAdminMessages.descriptionEmpty,
      });
      continue;
    }
    const specs = specsToStore(values.category, values.productType, product?.specs ?? {}, values.specs);
    const [specProblem] = specProblems(values.category, values.productType, specs);
    if (specProblem) {
      const column = `spec.${specProblem.code}`;
      plan.errors.push({
        row: row.row,
        column,
        value: row.cells.get(column) ?? "",
        message: specProblem.message,
      });
      continue;
    }
    const offer = values.productType === "rental" ? (values.rental?.offer ?? product?.offer) : undefined;
    const hidden = reading.hidden ?? product?.hidden ?? false;
    const after: Compared = {
      ...values,
      description,
      colourIds: values.colourIds,
      hidden,
      specs,
      offer,
    };
    const changes = changesBetween(product && comparedOf(product), after, colourName);
    const planned: PlannedProduct = {
      row: row.row,
      sku: sku.data,
      values: { ...values, sku: sku.data, description },
      hidden,
      specs,
      offer,
      changes,
      ...(product ? { existing: product } : {}),
    };
    if (!product) plan.creates.push(planned);
    else if (changes.length > 0) plan.updates.push(planned);
    else plan.unchanged += 1;
  }
  return plan;
}

/** An error said once per cell (the schema may say two things of one field). */
function dedupe(errors: ImportError[]): ImportError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.column}\u0000${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
