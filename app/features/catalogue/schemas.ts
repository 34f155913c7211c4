import { z } from "zod";
import { GST_RATE_CHOICES, taxFactsFor } from "~/features/invoices";
import { RENTAL_FIELDS_NAME, readRentalForm, rentalPriceColumns } from "~/features/rentals";
import { PRODUCT_LIMITS } from "~/lib/form-limits";
import { idField, requiredTypedText, typedText } from "~/lib/forms/fields";
import { MAX_QUANTITY, MIN_QUANTITY } from "~/lib/limits";
import { choice, firstValues, listPage, listText } from "~/lib/list-filters";
import { fieldMessages } from "~/lib/messages";
import { formatRupees, rupeesToPaise } from "~/lib/money";
import { requestLimits } from "~/lib/request-limits.mjs";
import { type AdminProductFilters, STOCK_FILTERS, VISIBILITY_FILTERS } from "./admin-product-filters";
import { PRODUCT_TYPES, TAGS } from "./catalogue";
import { normaliseCssColour } from "./css-colour";
import { productAdminMessages, productMessages } from "./messages";
import { readSpecForm } from "./specs/form-values";
import { specFilterOf, specFilterText } from "./specs/spec-filter";

export const REVIEW_MAX = 1000;

/** A quantity of 1–10 (the shop's rules, docs/shop-rules.md), the same rule on the product page and in the cart. */
const quantityField = z.coerce
  .number({ required_error: fieldMessages.quantityRange, invalid_type_error: fieldMessages.quantityRange })
  .int(fieldMessages.quantityRange)
  .min(MIN_QUANTITY, fieldMessages.quantityRange)
  .max(MAX_QUANTITY, fieldMessages.quantityRange);

/** Add to Cart: a colour id and a quantity. The price never comes from the form. */
export const addToCartSchema = z.object({
  color: idField(productMessages.chooseColour),
  quantity: quantityField,
});

/** A review: 1–5 stars and a comment. */
export const reviewSchema = z.object({
  star: z.coerce
    .number({ required_error: productMessages.addStar, invalid_type_error: productMessages.addStar })
    .int(productMessages.addStar)
    .min(1, productMessages.addStar)
    .max(5, productMessages.addStar),
  comment: requiredTypedText(productMessages.writeReview, {
    max: REVIEW_MAX,
    tooLong: fieldMessages.reviewTooLong(REVIEW_MAX),
    multiline: true,
  }),
});

/** The product page's two forms, told apart by the submit button's `intent`. */
export const productPageSchema = z.discriminatedUnion("intent", [
  addToCartSchema.extend({ intent: z.literal("add-to-cart") }),
  reviewSchema.extend({ intent: z.literal("review") }),
]);

/** The cart page's quantity box. */
export const cartQuantitySchema = z.object({
  lineId: idField(),
  quantity: quantityField,
});

// ---------------------------------------------------------------------------------------------------------
// The back office's product form (/admin/products/new and /admin/products/$id) and its picture forms.
// ---------------------------------------------------------------------------------------------------------

/** The catalogue's limits in the back office (in lib/form-limits.ts, which pages may import without zod). */
export { PRODUCT_LIMITS };

const adminMessages = productAdminMessages;

/** Rupees typed with at most two decimals ("45,999.50"), out as integer paise: more than 0, at most the cap. */
function rupeesField(label: string) {
  const required = adminMessages.priceRequired(label);
  return z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .transform((typed, context) => {
      const refuse = (message: string) => {
        context.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      };
      if (typed.startsWith("-")) return refuse(adminMessages.pricePositive(label));
      const paise = rupeesToPaise(typed);
      if (paise === undefined) return refuse(adminMessages.priceInvalid(label));
      if (paise <= 0) return refuse(adminMessages.pricePositive(label));
      if (paise > PRODUCT_LIMITS.maxPricePaise) {
        return refuse(adminMessages.priceTooHigh(label, formatRupees(PRODUCT_LIMITS.maxPricePaise)));
      }
      return paise;
    });
}

const stockMessage = adminMessages.stockInvalid(PRODUCT_LIMITS.maxStock);

/** Units in stock: a whole number from 0 to the cap. */
const stockField = z
  .string({ required_error: stockMessage, invalid_type_error: stockMessage })
  .trim()
  .regex(/^\d{1,9}$/, stockMessage)
  .transform(Number)
  .pipe(z.number().max(PRODUCT_LIMITS.maxStock, stockMessage));

/** Each value once, in the order first given. */
const distinct = <T>(values: T[]) => [...new Set(values)];

/** The dealer's SKU (issue 33): upper-cased; blank leaves it as it is, or has the shop number a new product. */
export const skuField = z
  .string()
  .max(200, adminMessages.skuInvalid)
  .optional()
  .transform((typed, context) => {
    const sku = (typed ?? "").trim().toUpperCase();
    if (sku === "") return undefined;
    if (!/^[A-Z0-9][A-Z0-9._/-]{0,39}$/.test(sku)) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: adminMessages.skuInvalid });
      return z.NEVER;
    }
    return sku;
  });

/** The product's own fields, named as the form names them. */
const productFields = {
  sku: skuField,
  title: requiredTypedText(adminMessages.titleRequired, { max: PRODUCT_LIMITS.title }),
  description: requiredTypedText(adminMessages.descriptionRequired, {
    max: PRODUCT_LIMITS.description,
    multiline: true,
  }),
  brand: requiredTypedText(adminMessages.brandRequired, { max: PRODUCT_LIMITS.brand }),
  category: requiredTypedText(adminMessages.categoryRequired, { max: PRODUCT_LIMITS.category }),
  productType: z.enum(PRODUCT_TYPES, { errorMap: () => ({ message: adminMessages.typeRequired }) }),
  tags: z
    .array(z.enum(TAGS, { errorMap: () => ({ message: adminMessages.tagUnknown }) }))
    .max(TAGS.length * 2, adminMessages.tagUnknown)
    .transform(distinct),
  colours: z.array(idField(adminMessages.colourUnknown)).max(200).transform(distinct),
  newColourName: typedText({ max: PRODUCT_LIMITS.colourName }).optional(),
  newColourValue: typedText({ max: 60 }).optional(),
  /** Asked unless the form showed a rental's plans, which price it (decision 0043). */
  mrp: rupeesField("MRP").optional(),
  offerPrice: rupeesField("Offer price").optional(),
  stock: stockField,
  /** Blank: the usual code for the product (app/features/invoices/hsn.ts), filled in when saved. */
  hsn: z
    .string()
    .trim()
    .max(20, adminMessages.hsnInvalid)
    .optional()
    .transform((typed, context) => {
      const digits = (typed ?? "").replace(/[\s.]/g, "");
      if (digits === "") return undefined;
      if (!/^\d{4}(\d{2}){0,2}$/.test(digits)) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: adminMessages.hsnInvalid });
        return z.NEVER;
      }
      return digits;
    }),
  gstRate: z
    .enum(GST_RATE_CHOICES, { errorMap: () => ({ message: adminMessages.gstRateInvalid }) })
    .default("18")
    .transform(Number),
  /**
   * The specification's fields (`spec.ram_gb`, `spec.bio_methods` repeated), read by readSpecForm for the
   * product's category and type: anything else under `spec` is ignored, never an error.
   */
  spec: z.unknown().optional(),
  /** The attributes the form showed, by code: only their fields are read. */
  specFields: z.unknown().optional(),
  /** A rental's plans, deposit and closing rule (`rental.rent1` …), read by readRentalForm when shown. */
  rental: z.unknown().optional(),
  /** "1" when the form showed the rental fields: only then are they read. */
  [RENTAL_FIELDS_NAME]: z.unknown().optional(),
};

/** Whether the form showed a rental's plans for a product typed Rental: they, not MRP and offer price, price it. */
function showsRental(form: Record<string, unknown>): boolean {
  return form.productType === "rental" && form[RENTAL_FIELDS_NAME] === "1";
}

type ProductFields = {
  category?: string;
  productType?: string;
  rentalFields?: unknown;
  spec?: unknown;
  specFields?: unknown;
  colours?: number[];
  newColourName?: string;
  newColourValue?: string;
  mrp?: number;
  offerPrice?: number;
};

/** The rules across fields: the offer is not above the MRP; a new colour is named and valid; a colour at all. */
function productRules(form: ProductFields, context: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  if (!showsRental(form)) {
    if (form.mrp === undefined) issue("mrp", adminMessages.priceRequired("MRP"));
    if (form.offerPrice === undefined) issue("offerPrice", adminMessages.priceRequired("Offer price"));
  }
  if (typeof form.mrp === "number" && typeof form.offerPrice === "number" && form.offerPrice > form.mrp) {
    issue("offerPrice", adminMessages.offerAboveMrp);
  }
  const addsColour = Boolean(form.newColourName || form.newColourValue);
  if (addsColour) {
    if (!form.newColourName) issue("newColourName", adminMessages.colourNameRequired);
    if (!form.newColourValue) issue("newColourValue", adminMessages.colourValueRequired);
    else if (normaliseCssColour(form.newColourValue) === undefined) {
      issue("newColourValue", adminMessages.colourValueInvalid);
    }
  }
  if (Array.isArray(form.colours) && form.colours.length === 0 && !addsColour) {
    issue("colours", adminMessages.coloursRequired);
  }
}

/**
 * Puts each specification problem on its field (`spec.ram_gb`), checked as the database checks it. Checked on
 * the form as sent, before the schema, so the messages show beside the other fields' (a refinement would wait
 * for every field to pass).
 */
function withSpecChecks<T extends z.ZodTypeAny>(
  schema: T,
  applies: (form: Record<string, unknown>) => boolean,
) {
  return z.preprocess((form, context) => {
    if (typeof form === "object" && form !== null && applies(form as Record<string, unknown>)) {
      for (const problem of readSpecForm(form).problems) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["spec", problem.code],
          message: problem.message,
        });
      }
      if (showsRental(form as Record<string, unknown>)) {
        for (const problem of readRentalForm(form as Record<string, unknown>).problems) {
          context.addIssue({
            code: z.ZodIssueCode.custom,
            path: ["rental", problem.field],
            message: problem.message,
          });
        }
      }
    }
    return form;
  }, schema);
}

/** The product form as the browser checks it, and as /admin/products/new reads it. */
export const productFormSchema = withSpecChecks(
  z.object(productFields).superRefine(productRules),
  () => true,
);

export type ProductFormValues = z.infer<typeof productFormSchema>;

/** What the catalogue module stores from a valid form (prices in paise; the new colour normalised). */
export function productValuesOf(form: ProductFormValues) {
  const newColourValue = form.newColourValue ? normaliseCssColour(form.newColourValue) : undefined;
  const { values, shown, unshown } = readSpecForm(form);
  // A rental whose plans the form showed: they price it; else the MRP and offer price, which were then asked.
  const offer = showsRental(form) ? readRentalForm(form).offer : undefined;
  const prices = offer
    ? rentalPriceColumns(offer)
    : { originalPrice: form.mrp ?? 0, discountedPrice: form.offerPrice ?? 0 };
  return {
    sku: form.sku,
    title: form.title,
    description: form.description,
    brand: form.brand,
    category: form.category,
    productType: form.productType,
    tags: TAGS.filter((tag) => form.tags.includes(tag)),
    colourIds: form.colours,
    newColour:
      form.newColourName && newColourValue ? { name: form.newColourName, value: newColourValue } : undefined,
    ...prices,
    quantity: form.stock,
    hsn: form.hsn ?? taxFactsFor(form).hsn,
    gstRate: form.gstRate,
    specs: { values, shown, unshown },
    rental: showsRental(form) ? { offer } : undefined,
  };
}

/**
 * The product's updated_at when the form was opened, to the microsecond as PostgreSQL keeps it: a save made on
 * an older copy is refused. Anything else in the field is a stale copy too.
 */
const versionField = z
  .string({ required_error: adminMessages.stale, invalid_type_error: adminMessages.stale })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/, adminMessages.stale);

/** A picture of the product, named by its address (stable while others are added, moved or removed). */
const imageField = z
  .string({ required_error: adminMessages.imageGone, invalid_type_error: adminMessages.imageGone })
  .max(300, adminMessages.imageGone)
  .regex(/^\/[\w./-]+$/, adminMessages.imageGone);

const altField = typedText({ max: PRODUCT_LIMITS.alt }).optional();

/** The edit page's forms, told apart by the submit button's intent. */
export const productEditSchema = withSpecChecks(
  z
    .discriminatedUnion("intent", [
      z.object({ intent: z.literal("save"), version: versionField, ...productFields }),
      z.object({ intent: z.literal("hide") }),
      z.object({ intent: z.literal("show") }),
      z.object({ intent: z.literal("image-up"), image: imageField }),
      z.object({ intent: z.literal("image-down"), image: imageField }),
      z.object({ intent: z.literal("image-remove"), image: imageField }),
      z.object({ intent: z.literal("image-alt"), image: imageField, alt: altField }),
    ])
    .superRefine((form, context) => {
      if (form.intent === "save") productRules(form, context);
    }),
  (form) => form.intent === "save",
);

/** A picture upload: one JPEG, PNG or WebP file (its type is decided on the server by its bytes) and its alt text. */
export const imageUploadSchema = z.object({
  image: z
    .instanceof(File, { message: adminMessages.imageRequired })
    .refine((file) => file.size > 0, adminMessages.imageRequired)
    .refine((file) => file.size <= requestLimits.imageBytes, adminMessages.imageTooLarge),
  alt: altField,
});

/**
 * The back office's product list: its search and filters in the URL (app/lib/admin-list.server.ts), in order.
 * The filter form sends a specification's attribute (`spec`) and value (`specValue`) apart; the URL keeps them
 * as one `spec` (specs/spec-filter.ts).
 */
export const adminProductFiltersSchema = z
  .object({
    q: listText(100),
    category: listText(60),
    brand: listText(60),
    type: choice(PRODUCT_TYPES),
    tag: choice(TAGS),
    stock: choice(STOCK_FILTERS),
    visibility: choice(VISIBILITY_FILTERS),
    spec: listText(80),
    // As typed, to be matched against the attribute's options: a value that matches none drops the filter.
    specValue: z.string().max(60).optional().catch(undefined),
    page: listPage,
  })
  .transform(({ spec, specValue, page, ...filters }) => ({
    ...filters,
    spec: specFilterText(specFilterOf(spec, specValue)),
    page,
  }));

export function parseAdminProductFilters(params: URLSearchParams): AdminProductFilters {
  return adminProductFiltersSchema.parse(firstValues(params));
}
