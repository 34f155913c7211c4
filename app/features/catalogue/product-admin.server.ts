// The back office's catalogue (/admin/products): creating and editing products, their colours, and hiding them
// from the shop. Every change is audited in its own transaction. The list is product-admin-list.server.ts's,
// the pictures product-images.server.ts's.

import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { qualified } from "~/db/qualified";
import { colours, type ProductImage, productColours, products } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { offerSummary, type RentalOffer, rentalPriceColumns, sameOffer } from "~/features/rentals";
import { readRentalOffer, writeRentalOffer } from "~/features/rentals/index.server";
import { isUniqueViolation, violatedConstraint } from "~/lib/errors.server";
import { sanitizeDescription } from "~/lib/sanitize.server";
import { knownTags, type ProductType, type Tag } from "./catalogue";
import { productAdminMessages } from "./messages";
import { addSearchWords, searchColumns, vocabularyOf } from "./search/search-index.server";
import { specsToStore } from "./specs/form-values";
import { readProductSpecs, writeSpecs } from "./specs/product-specs.server";
import { sameSpecs, specChanges, specSummary } from "./specs/spec-text";
import { type SpecValues, specProblems } from "./specs/values";

// ---------------------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------------------

export type Colour = { id: number; name: string; value: string };

/** Every colour a product can come in, by name. */
export async function listColours(db: Database): Promise<Colour[]> {
  return db
    .select({ id: colours.id, name: colours.name, value: colours.value })
    .from(colours)
    .orderBy(asc(colours.name), asc(colours.id));
}

// ---------------------------------------------------------------------------------------------------------
// One product: read for the form, create, update
// ---------------------------------------------------------------------------------------------------------

/** The values a product form saves (prices in paise, the description as typed: it is sanitised here). */
export type ProductValues = {
  /** The dealer's SKU; absent, kept as it is (or numbered by the database for a new product). */
  sku?: string | undefined;
  title: string;
  description: string;
  brand: string;
  category: string;
  productType: ProductType;
  tags: Tag[];
  colourIds: number[];
  /** A colour to add to the colours table and give the product. */
  newColour?: { name: string; value: string } | undefined;
  originalPrice: number;
  discountedPrice: number;
  quantity: number;
  /** HSN code and GST rate, printed on the product's invoices from its next order on. */
  hsn: string;
  gstRate: number;
  /**
   * The specification as the form gave it: the values of the attributes it showed. The others keep what is
   * stored while they apply to the product's category and type; left out, the whole stored one does.
   */
  specs?: { values: SpecValues; shown: readonly string[] } | undefined;
  /** A rental's offer, when the form showed its fields; absent, a rental keeps the offer it has. */
  rental?: { offer: RentalOffer | undefined } | undefined;
};

/**
 * The row's updated_at to the microsecond, as text: the edit form sends it back, and a save is refused when the
 * product has changed since (another member's save, or an order taking stock).
 */
const versionOf = sql<string>`to_char(${products.updatedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type ProductForEdit = Omit<ProductValues, "newColour"> & {
  id: number;
  images: ProductImage[];
  sold: number;
  hiddenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: string;
};

/**
 * A product's own fields, as the product form edits them and the catalogue file carries them: the columns the
 * edit page, a save (to tell what changed) and the CSV export read.
 */
export const productFieldColumns = {
  sku: products.sku,
  title: products.title,
  description: products.description,
  brand: products.brand,
  category: products.category,
  productType: products.productType,
  tags: products.tags,
  originalPrice: products.originalPrice,
  discountedPrice: products.discountedPrice,
  quantity: products.quantity,
  hsn: products.hsn,
  gstRate: products.gstRate,
};

/** A product's colours' ids, in id order, as a column of a products query (read back as numbers). */
export const colourIdsColumn = sql<
  number[]
>`ARRAY(SELECT ${productColours.colourId} FROM ${productColours} WHERE ${qualified(productColours.productId)} = ${qualified(products.id)} ORDER BY ${productColours.colourId})`;

/** A product as the edit page shows it, hidden or not; null when the id names none. */
export async function productForEdit(db: Database, id: number): Promise<ProductForEdit | null> {
  const [row] = await db
    .select({
      id: products.id,
      ...productFieldColumns,
      images: products.images,
      sold: products.sold,
      hiddenAt: products.hiddenAt,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      version: versionOf,
      colourIds: colourIdsColumn,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return null;
  return { ...row, tags: knownTags(row.tags), colourIds: row.colourIds.map(Number) };
}

export type ProductProblem =
  | {
      ok: false;
      problem: "not-found" | "stale" | "unknown-colour" | "empty-description" | "spec-refused" | "sku-taken";
    }
  | { ok: false; problem: "colour-taken"; colourName: string }
  | { ok: false; problem: "spec"; code: string; message: string };

export type ProductSaved = { ok: true; id: number; changed: string[] } | ProductProblem;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Checks the chosen colours exist and the new colour's value is not taken, reading only: nothing is written
 * before every check has passed, so a refusal leaves the database as it was.
 */
async function checkColours(tx: Tx, values: ProductValues): Promise<ProductProblem | null> {
  if (values.colourIds.length > 0) {
    const found = await tx
      .select({ id: colours.id })
      .from(colours)
      .where(inArray(colours.id, values.colourIds));
    if (found.length !== values.colourIds.length) return { ok: false, problem: "unknown-colour" };
  }
  if (values.newColour) {
    const [taken] = await tx
      .select({ name: colours.name })
      .from(colours)
      .where(eq(colours.value, values.newColour.value))
      .limit(1);
    if (taken) return { ok: false, problem: "colour-taken", colourName: taken.name };
  }
  return null;
}

/** Adds the new colour (audited) and gives the product its colours. */
async function saveColours(
  tx: Tx,
  actor: Actor,
  productId: number,
  values: ProductValues,
): Promise<number[]> {
  const ids = [...values.colourIds];
  if (values.newColour) {
    const [added] = await tx.insert(colours).values(values.newColour).returning({ id: colours.id });
    if (!added) throw new Error("The new colour was not returned");
    await recordAudit(tx, actor, "colour.create", `colour ${added.id}`, values.newColour);
    ids.push(added.id);
  }
  await tx.delete(productColours).where(eq(productColours.productId, productId));
  await tx.insert(productColours).values(ids.map((colourId) => ({ productId, colourId })));
  return ids.sort((a, b) => a - b);
}

/** A colour value taken by someone else between the check and the insert: the colour's name, for the message. */
async function takenColour(db: Database, values: ProductValues): Promise<ProductProblem | null> {
  if (!values.newColour) return null;
  const [taken] = await db
    .select({ name: colours.name })
    .from(colours)
    .where(eq(colours.value, values.newColour.value))
    .limit(1);
  return taken ? { ok: false, problem: "colour-taken", colourName: taken.name } : null;
}

/**
 * A product's values as its row stores them (productFieldColumns), the SKU aside, with `description` as the
 * writer stores it: the form's sanitised, the import's as planned.
 */
export function productRowFields(values: ProductValues, description: string) {
  return {
    title: values.title,
    description,
    brand: values.brand,
    category: values.category,
    productType: values.productType,
    tags: values.tags,
    originalPrice: values.originalPrice,
    discountedPrice: values.discountedPrice,
    quantity: values.quantity,
    hsn: values.hsn,
    gstRate: values.gstRate,
  };
}

/** The stored fields of a product's values: the description sanitised like the shop's, null when nothing is left. */
function storedFields(values: ProductValues) {
  const description = sanitizeDescription(values.description).trim();
  if (description === "") return null;
  return {
    // Blank: kept as it is, or numbered by the database for a new product.
    ...(values.sku ? { sku: values.sku } : {}),
    ...productRowFields(values, description),
  };
}

/** Where a refused save's message belongs, and its status: on the field it is about. */
export function productProblemReply(problem: ProductProblem): {
  message: string;
  status: number;
  field?: string;
} {
  switch (problem.problem) {
    case "stale":
      return { message: productAdminMessages.stale, status: 409 };
    case "unknown-colour":
      return { message: productAdminMessages.colourUnknown, status: 409, field: "colours" };
    case "colour-taken":
      return {
        message: productAdminMessages.colourTaken(problem.colourName),
        status: 409,
        field: "newColourValue",
      };
    case "empty-description":
      return { message: productAdminMessages.descriptionEmpty, status: 400, field: "description" };
    case "not-found":
      return { message: productAdminMessages.notFound, status: 404 };
    case "spec":
      return { message: problem.message, status: 400, field: `spec.${problem.code}` };
    case "spec-refused":
      return { message: productAdminMessages.specRefused, status: 400 };
    case "sku-taken":
      return { message: productAdminMessages.skuTaken, status: 409, field: "sku" };
  }
}

/**
 * The specification a save stores, refused when a value does not fit the product (the form checks it first;
 * this is for the callers that skip the form).
 */
function specsOfSave(
  fields: { category: string; productType: string },
  stored: SpecValues,
  values: ProductValues,
): { specs: SpecValues; problem?: ProductProblem } {
  const specs = specsToStore(fields.category, fields.productType, stored, values.specs);
  const [first] = specProblems(fields.category, fields.productType, specs);
  return first ? { specs, problem: { ok: false, problem: "spec", ...first } } : { specs };
}

/**
 * A value the form and the definitions let through but the database refused (its attributes and ranges are a
 * migration behind the code's, say): the save is refused with a message, not a server error.
 */
const specRefused = (error: unknown): ProductProblem | null =>
  violatedConstraint(error)?.startsWith("product_specs") ? { ok: false, problem: "spec-refused" } : null;

const prices = (row: { originalPrice: number; discountedPrice: number; quantity: number }) => ({
  originalPrice: row.originalPrice,
  discountedPrice: row.discountedPrice,
  quantity: row.quantity,
});

/**
 * Creates a product (shown in the shop at once) with its colours and specification, in one transaction;
 * audited as product.create.
 */
export async function createProduct(
  db: Database,
  actor: Actor,
  values: ProductValues,
): Promise<ProductSaved> {
  const fields = storedFields(values);
  if (!fields) return { ok: false, problem: "empty-description" };
  const { specs, problem: specProblem } = specsOfSave(fields, {}, values);
  if (specProblem) return specProblem;
  const stated = Object.keys(specs).length > 0;
  try {
    return await db.transaction(async (tx): Promise<ProductSaved> => {
      const problem = await checkColours(tx, values);
      if (problem) return problem;
      const [created] = await tx
        .insert(products)
        .values({ ...fields, ...searchColumns(fields, specs) })
        .returning({ id: products.id });
      await addSearchWords(tx, vocabularyOf(fields, specs));
      if (!created) throw new Error("The new product was not returned");
      const colourIds = await saveColours(tx, actor, created.id, values);
      if (stated) await writeSpecs(tx, created.id, fields.category, specs);
      const offer = fields.productType === "rental" ? values.rental?.offer : undefined;
      if (offer) await writeRentalOffer(tx, created.id, offer);
      const changed = [
        ...Object.keys(fields),
        "colours",
        ...(stated ? ["specification"] : []),
        ...(offer ? ["rental plans"] : []),
      ];
      await recordAudit(tx, actor, "product.create", `product ${created.id}`, {
        title: fields.title,
        changed,
        after: { ...prices(fields), colours: colourIds },
        ...(stated ? { specification: specSummary(fields.category, specs) } : {}),
        ...(offer ? { rental: offerSummary(offer) } : {}),
      });
      return { ok: true, id: created.id, changed };
    });
  } catch (error) {
    if (violatedConstraint(error) === "products_sku") return { ok: false, problem: "sku-taken" };
    if (isUniqueViolation(error)) return (await takenColour(db, values)) ?? Promise.reject(error);
    const refused = specRefused(error);
    if (refused) return refused;
    throw error;
  }
}

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * Saves a product's fields and colours, if the product is still as it was when the form was opened (`version`):
 * the UPDATE matches on updated_at, so a save made on a stale copy changes nothing ("stale"). The specification
 * is written in the same transaction (a change to it alone is a change of the product: its version moves on).
 * Audited as product.update with the fields that changed, the prices and stock before and after, and each
 * specification value that changed, before and after.
 */
export async function updateProduct(
  db: Database,
  actor: Actor,
  id: number,
  version: string,
  values: ProductValues,
): Promise<ProductSaved> {
  const fields = storedFields(values);
  if (!fields) return { ok: false, problem: "empty-description" };
  try {
    return await db.transaction(async (tx): Promise<ProductSaved> => {
      const [before] = await tx
        .select({ ...productFieldColumns, version: versionOf })
        .from(products)
        .where(eq(products.id, id))
        .for("update");
      if (!before) return { ok: false, problem: "not-found" };
      const problem = await checkColours(tx, values);
      if (problem) return problem;

      const beforeColours = (
        await tx
          .select({ id: productColours.colourId })
          .from(productColours)
          .where(eq(productColours.productId, id))
          .orderBy(asc(productColours.colourId))
      ).map((row) => row.id);
      // A rental with plans is priced by them (decision 0043): the form's plans, else those it has.
      const offerBefore = before.productType === "rental" ? await readRentalOffer(tx, id) : undefined;
      const offer =
        fields.productType !== "rental" ? undefined : values.rental ? values.rental.offer : offerBefore;
      if (offer) Object.assign(fields, rentalPriceColumns(offer));
      const offerChange = !sameOffer(offerBefore, offer);
      // A description stored before the back office existed counts as unchanged if it sanitises the same.
      const was = { ...before, description: sanitizeDescription(before.description).trim() };
      const changed: string[] = (Object.keys(fields) as (keyof typeof fields)[]).filter((key) => {
        const [old, now] = [was[key], fields[key]];
        return Array.isArray(old) && Array.isArray(now) ? !sameList(old, now) : old !== now;
      });
      const wantedColours = [...values.colourIds].sort((a, b) => a - b);
      const coloursChange = Boolean(values.newColour) || !sameList(beforeColours, wantedColours);
      if (coloursChange) changed.push("colours");
      const specsBefore = await readProductSpecs(tx, id);
      const { specs, problem: specProblem } = specsOfSave(fields, specsBefore, values);
      if (specProblem) return specProblem;
      const specsChange = !sameSpecs(specsBefore, specs);
      if (specsChange) changed.push("specification");
      if (offerChange) changed.push("rental plans");
      if (changed.length === 0) {
        // Nothing to write, but a stale copy is still refused: the form showed other values than the product has.
        return before.version === version ? { ok: true, id, changed: [] } : { ok: false, problem: "stale" };
      }

      const [updated] = await tx
        .update(products)
        .set({ ...fields, ...searchColumns(fields, specs), updatedAt: sql`now()` })
        .where(and(eq(products.id, id), eq(products.updatedAt, sql`${version}::timestamptz`)))
        .returning({ id: products.id });
      if (!updated) return { ok: false, problem: "stale" };
      await addSearchWords(tx, vocabularyOf(fields, specs));
      const colourIds = coloursChange ? await saveColours(tx, actor, id, values) : beforeColours;
      if (specsChange) await writeSpecs(tx, id, fields.category, specs);
      // New plans, or none: a product no longer rented loses its offer with its type.
      if (offerChange) await writeRentalOffer(tx, id, offer);
      await recordAudit(tx, actor, "product.update", `product ${id}`, {
        title: fields.title,
        changed,
        before: { ...prices(before), colours: beforeColours },
        after: { ...prices(fields), colours: colourIds },
        ...(offerChange ? { rental: { before: offerSummary(offerBefore), after: offerSummary(offer) } } : {}),
        ...(specsChange
          ? {
              specification: specChanges(
                { before: before.category, after: fields.category },
                specsBefore,
                specs,
              ),
            }
          : {}),
      });
      return { ok: true, id, changed };
    });
  } catch (error) {
    if (violatedConstraint(error) === "products_sku") return { ok: false, problem: "sku-taken" };
    if (isUniqueViolation(error)) return (await takenColour(db, values)) ?? Promise.reject(error);
    const refused = specRefused(error);
    if (refused) return refused;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Hide and show
// ---------------------------------------------------------------------------------------------------------

export type ProductChange = { ok: true } | { ok: false; problem: "not-found" };

/**
 * Hides a product from the shop (every shop page and query leaves it out; orders keep it) or shows it again.
 * Audited as product.hide / product.show when it changes. Products are never deleted.
 */
export async function setProductHidden(
  db: Database,
  actor: Actor,
  id: number,
  hidden: boolean,
): Promise<ProductChange> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(products)
      .set({ hiddenAt: hidden ? sql`now()` : null })
      .where(and(eq(products.id, id), hidden ? isNull(products.hiddenAt) : isNotNull(products.hiddenAt)))
      .returning({ title: products.title });
    if (!changed) {
      const [exists] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id));
      return exists ? { ok: true } : { ok: false, problem: "not-found" };
    }
    await recordAudit(tx, actor, hidden ? "product.hide" : "product.show", `product ${id}`, {
      title: changed.title,
    });
    return { ok: true };
  });
}
