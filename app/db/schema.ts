import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { TaxDocument } from "~/features/invoices";
import { MAX_QUANTITY, MIN_QUANTITY } from "../lib/limits";

/** Money is always integer paise (1 rupee = 100 paise). */

/** A full-text search vector, read and written as PostgreSQL's text form. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The words of a search column (space-separated, app/features/catalogue/search/search-terms.ts) as lexemes, taken as they are. */
const wordsVector = (column: string) =>
  sql.raw(`array_to_tsvector(array_remove(string_to_array(${column}, ' '), ''))`);

export const productType = pgEnum("product_type", ["new", "refurbished", "rental"]);

export type ProductImage = { url: string; alt?: string };

/** A rental offer as a booking keeps it (app/features/rentals/offer.ts has the offer itself). */
export type RentalOfferSnapshot = {
  deposit: number;
  earlyClosure: "reprice" | "fee";
  closureFeeMonths: number;
  plans: { months: number; monthlyRent: number }[];
};

/** A charge found when a rental comes back ("Cracked screen hinge", Rs. 1,500), taken from its deposit. */
export type RentalDeduction = { label: string; amount: number };

export type ShippingAddress = {
  firstname: string;
  lastname: string;
  address: string;
  other?: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
};

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const customers = pgTable("customers", {
  id: serial("id").primaryKey(),
  firstname: text("firstname").notNull(),
  lastname: text("lastname").notNull(),
  /** Stored lower-cased so look-ups and the unique index ignore case. */
  email: text("email").notNull().unique(),
  /** Normalised 10-digit Indian mobile number. */
  mobile: text("mobile").notNull(),
  passwordHash: text("password_hash").notNull(),
  /** The checkout address, kept until the order completes. */
  savedAddress: jsonb("saved_address").$type<ShippingAddress>(),
  /** A business buyer's GSTIN and name, kept from the last business purchase for the next one. */
  businessGstin: text("business_gstin"),
  businessName: text("business_name"),
  /**
   * Set when the customer had their account erased (decision 0041): the row stays, anonymised, because
   * their orders and tax documents must be kept, and staff see it as "Deleted customer".
   */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the random token held in the signed cookie; the token itself is never stored. */
    idHash: text("id_hash").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * How the token travels: in the signed cookie the pages read ("cookie"), or as the JSON API's bearer token
     * ("api", decision 0045). A token of one kind is no session of the other.
     */
    kind: text("kind").notNull().default("cookie"),
    createdAt: createdAt(),
  },
  (t) => [
    index("sessions_customer_idx").on(t.customerId),
    check("sessions_kind", sql`${t.kind} IN ('cookie', 'api')`),
  ],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_customer_idx").on(t.customerId)],
);

export const colours = pgTable("colours", {
  id: serial("id").primaryKey(),
  /** Human name, used as the swatch's accessible label. */
  name: text("name").notNull(),
  /** A CSS colour value (the rules' colour "title"). */
  value: text("value").notNull().unique(),
});

/** Numbers the shop's own SKUs ("KC-00042") for products given none (issue 33). */
export const productSkuSequence = pgSequence("product_sku_seq");

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    /**
     * The dealer's stock-keeping unit: unique, upper case, the key of every catalogue import. The shop numbers
     * one ("KC-00042") for a product saved without, and for every product there was before SKUs.
     */
    sku: text("sku").notNull().default(sql`'KC-' || lpad(nextval('product_sku_seq')::text, 5, '0')`),
    title: text("title").notNull(),
    /** HTML; sanitised on the server before it is rendered. */
    description: text("description").notNull(),
    brand: text("brand").notNull(),
    category: text("category").notNull(),
    productType: productType("product_type").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    images: jsonb("images").$type<ProductImage[]>().notNull().default([]),
    originalPrice: integer("original_price").notNull(),
    discountedPrice: integer("discounted_price").notNull(),
    quantity: integer("quantity").notNull().default(0),
    sold: integer("sold").notNull().default(0),
    totalRating: numeric("total_rating", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    /** HSN code of the goods (4, 6 or 8 digits; SAC for a service such as a rental) and its GST rate in %. */
    hsn: text("hsn").notNull().default("8471"),
    gstRate: smallint("gst_rate").notNull().default(18),
    /**
     * The product's words as search reads them (app/features/catalogue/search/search-terms.ts): its title, and everything searchable
     * (title, brand, category, type, tags). Written by the shop with every change of those fields; null until
     * then, and rewritten at start when searchVersion is older than the shop's.
     */
    searchTitle: text("search_title"),
    searchText: text("search_text"),
    searchVersion: smallint("search_version").notNull().default(0),
    /**
     * The same words as lexemes, for prefix matching by a GIN index (decision 0031). Computed by the database
     * from the columns above, so they cannot disagree.
     */
    searchTitleVector: tsvector("search_title_vector").generatedAlwaysAs(wordsVector("search_title")),
    searchVector: tsvector("search_vector").generatedAlwaysAs(wordsVector("search_text")),
    /** Set when the back office hides the product: the shop no longer shows or sells it; orders keep it. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_sku").on(t.sku),
    check("products_sku_shape", sql`${t.sku} ~ '^[A-Z0-9][A-Z0-9._/-]{0,39}$'`),
    index("products_category_idx").on(t.category),
    index("products_brand_idx").on(t.brand),
    index("products_type_idx").on(t.productType),
    index("products_tags_idx").using("gin", t.tags),
    index("products_price_idx").on(t.discountedPrice, t.id),
    index("products_created_idx").on(t.createdAt, t.id),
    index("products_title_idx").on(sql`lower(${t.title})`, t.id),
    index("products_search_vector_idx").using("gin", t.searchVector),
    check("products_prices_positive", sql`${t.originalPrice} > 0 AND ${t.discountedPrice} > 0`),
    check("products_discount_not_above_mrp", sql`${t.discountedPrice} <= ${t.originalPrice}`),
    check("products_stock_not_negative", sql`${t.quantity} >= 0 AND ${t.sold} >= 0`),
    check("products_hsn", sql`${t.hsn} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check("products_gst_rate", sql`${t.gstRate} IN (0, 5, 18, 40)`),
  ],
);

/** Every word of the catalogue's searchable text: what a mistyped search word is corrected against. */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

/**
 * The specification attributes and their options (decision 0042), as app/features/catalogue/specs/definitions.ts
 * defines them. Written by migrations, so the database itself refuses an unknown attribute or option, a value
 * of the wrong kind, or a number out of range (a trigger); tests/integration/product-specs.test.ts keeps the
 * two in step.
 */
export const specAttributes = pgTable(
  "spec_attributes",
  {
    code: text("code").primaryKey(),
    kind: text("kind").notNull(),
    unit: text("unit"),
    min: numeric("min", { precision: 12, scale: 2, mode: "number" }),
    max: numeric("max", { precision: 12, scale: 2, mode: "number" }),
  },
  (t) => [
    uniqueIndex("spec_attributes_code_kind").on(t.code, t.kind),
    check("spec_attributes_kind", sql`${t.kind} IN ('number', 'choice', 'choices')`),
    check(
      "spec_attributes_number_range",
      sql`(${t.kind} = 'number') = (${t.min} IS NOT NULL AND ${t.max} IS NOT NULL AND ${t.unit} IS NOT NULL)`,
    ),
  ],
);

export const specOptions = pgTable(
  "spec_options",
  {
    attribute: text("attribute")
      .notNull()
      .references(() => specAttributes.code, { onDelete: "cascade" }),
    code: text("code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.attribute, t.code] })],
);

/** A product's specification, one row per value (a "choices" value has one row per option). */
export const productSpecs = pgTable(
  "product_specs",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    attribute: text("attribute").notNull(),
    kind: text("kind").notNull(),
    number: numeric("number", { precision: 12, scale: 2, mode: "number" }),
    option: text("option"),
  },
  (t) => [
    foreignKey({
      name: "product_specs_attribute_kind",
      columns: [t.attribute, t.kind],
      foreignColumns: [specAttributes.code, specAttributes.kind],
    }),
    foreignKey({
      name: "product_specs_option",
      columns: [t.attribute, t.option],
      foreignColumns: [specOptions.attribute, specOptions.code],
    }),
    check(
      "product_specs_value_of_kind",
      sql`CASE WHEN ${t.kind} = 'number' THEN ${t.number} IS NOT NULL AND ${t.option} IS NULL ELSE ${t.option} IS NOT NULL AND ${t.number} IS NULL END`,
    ),
    uniqueIndex("product_specs_one_value").on(t.productId, t.attribute).where(sql`${t.kind} <> 'choices'`),
    uniqueIndex("product_specs_one_option")
      .on(t.productId, t.attribute, t.option)
      .where(sql`${t.kind} = 'choices'`),
    index("product_specs_product_idx").on(t.productId),
    index("product_specs_option_idx").on(t.attribute, t.option, t.productId),
    index("product_specs_number_idx").on(t.attribute, t.number, t.productId),
  ],
);

/**
 * How a rental booked for a tenure is closed before it ends: the rent charged again at the plan for the months
 * used ("reprice"), or a fixed number of months' rent as a fee ("fee").
 */
export const rentalEarlyClosure = pgEnum("rental_early_closure", ["reprice", "fee"]);

/**
 * A rental product's offer (decision 0043): its refundable deposit per unit, its minimum tenure and its rule
 * for closing early. Its plans are in rental_plans. Money in paise, GST included, as every shop price.
 */
export const rentalOffers = pgTable(
  "rental_offers",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    deposit: integer("deposit").notNull(),
    minimumMonths: smallint("minimum_months").notNull(),
    earlyClosure: rentalEarlyClosure("early_closure").notNull(),
    /** With "fee": the months of rent the fee is; 0 with "reprice". */
    closureFeeMonths: smallint("closure_fee_months").notNull().default(0),
  },
  (t) => [
    check("rental_offers_deposit", sql`${t.deposit} >= 0`),
    check("rental_offers_minimum_months", sql`${t.minimumMonths} BETWEEN 1 AND 36`),
    check(
      "rental_offers_closure_fee",
      sql`CASE WHEN ${t.earlyClosure} = 'fee' THEN ${t.closureFeeMonths} BETWEEN 1 AND 3 ELSE ${t.closureFeeMonths} = 0 END`,
    ),
  ],
);

/** The monthly rent of a rental product for each tenure offered (in months); longer tenures rent for less. */
export const rentalPlans = pgTable(
  "rental_plans",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => rentalOffers.productId, { onDelete: "cascade" }),
    months: smallint("months").notNull(),
    monthlyRent: integer("monthly_rent").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.months] }),
    check("rental_plans_months", sql`${t.months} BETWEEN 1 AND 36`),
    check("rental_plans_rent", sql`${t.monthlyRent} > 0`),
  ],
);

/** Bytes kept in the database (a rental's identity documents): Buffer from node-postgres, Uint8Array from PGlite. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * Where a rental booking is (decision 0043): asked for, its documents checked (or refused), approved with
 * units, paid, out with the customer and back, and its deposit settled; or withdrawn by the customer or
 * cancelled by the dealer before it went out.
 */
export const rentalBookingStatus = pgEnum("rental_booking_status", [
  "requested",
  "verified",
  "rejected",
  "approved",
  "paid",
  "delivered",
  "active",
  "return_requested",
  "picked_up",
  "inspected",
  "settled",
  "withdrawn",
  "cancelled",
]);

/**
 * A customer's request to rent a product's units for a tenure, and its life after. The plan's rent and the
 * deposit are kept as quoted (paise per unit, GST included): a later change of the offer does not touch a
 * booking made. The title is kept too, for a product deleted later.
 */
export const rentalBookings = pgTable(
  "rental_bookings",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    months: smallint("months").notNull(),
    units: smallint("units").notNull(),
    monthlyRent: integer("monthly_rent").notNull(),
    deposit: integer("deposit").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    address: jsonb("address").$type<ShippingAddress>().notNull(),
    businessName: text("business_name"),
    businessGstin: text("business_gstin"),
    /** The version of the rental terms the customer agreed to (app/features/rentals/terms.ts). */
    termsVersion: text("terms_version").notNull(),
    status: rentalBookingStatus("status").notNull().default("requested"),
    /** The day the rental went active (delivered and handed over): its tenure runs from there. */
    activeFrom: date("active_from", { mode: "string" }),
    /** What inspection found, itemised (paise each, GST included): taken from the deposit at settlement. */
    deductions: jsonb("deductions").$type<RentalDeduction[]>().notNull().default([]),
    /** The offer as booked (plans, deposit, the early-closure rule): what its extension and closing go by. */
    offer: jsonb("offer").$type<RentalOfferSnapshot>(),
    /** Paise the rule charges for returning before the tenure ends (0 when returned on time). */
    closureCharge: integer("closure_charge").notNull().default(0),
    /** When the customer and the dealer were told its tenure ends within 14 days (once per booking). */
    endingNoticeAt: timestamp("ending_notice_at", { withTimezone: true }),
    /** How the deposit went back at settlement: a PhonePe refund of the first payment, or at the counter. */
    depositReturnedBy: text("deposit_returned_by"),
    /** When it reached an end (settled, rejected, withdrawn, cancelled): its documents go 90 days after. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("rental_bookings_customer_idx").on(t.customerId, t.createdAt),
    index("rental_bookings_status_idx").on(t.status, t.createdAt),
    check("rental_bookings_months", sql`${t.months} BETWEEN 1 AND 36`),
    check("rental_bookings_units", sql`${t.units} BETWEEN 1 AND 20`),
    check("rental_bookings_rent", sql`${t.monthlyRent} > 0`),
    check("rental_bookings_deposit", sql`${t.deposit} >= 0`),
    check("rental_bookings_closure_charge", sql`${t.closureCharge} >= 0`),
    check("rental_bookings_business", sql`(${t.businessGstin} IS NULL) = (${t.businessName} IS NULL)`),
  ],
);

/**
 * What a rental booking owes, month by month (decision 0043): the first charge (the deposit and the first
 * month's rent) is made when the booking is approved, each later month's a week before it is due. Paid
 * through PhonePe (a payment attempt names the charge) or at the dealer's counter; a paid month's rent has
 * its tax invoice. Void: the booking was cancelled before it was paid.
 */
export const rentalCharges = pgTable(
  "rental_charges",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => rentalBookings.id, { onDelete: "cascade" }),
    /** The month of the tenure it pays, from 1. */
    month: smallint("month").notNull(),
    /** Paise: the month's rent for every unit, GST included. */
    rent: integer("rent").notNull(),
    /** Paise: the refundable deposit for every unit (the first charge only): not a supply, not invoiced. */
    deposit: integer("deposit").notNull().default(0),
    /** The days the month's rent covers, as the invoice prints them. */
    periodFrom: date("period_from", { mode: "string" }).notNull(),
    periodTo: date("period_to", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    /** due, paid or void. */
    status: text("status").notNull().default("due"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** PhonePe, or Counter (recorded by staff). */
    paidBy: text("paid_by"),
    paymentAttemptId: integer("payment_attempt_id"),
    /** When the customer was mailed that it is due, and when it was reported overdue (each once). */
    dueNoticeAt: timestamp("due_notice_at", { withTimezone: true }),
    overdueNoticeAt: timestamp("overdue_notice_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("rental_charges_month").on(t.bookingId, t.month),
    index("rental_charges_due_idx").on(t.status, t.dueOn),
    check("rental_charges_status", sql`${t.status} IN ('due', 'paid', 'void')`),
    check("rental_charges_amounts", sql`${t.rent} > 0 AND ${t.deposit} >= 0`),
    check("rental_charges_month_range", sql`${t.month} BETWEEN 1 AND 36`),
    check("rental_charges_paid", sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL)`),
  ],
);

/** What a rental document proves: identity, address, or (a business) its purchase order. */
export const rentalDocumentPurpose = pgEnum("rental_document_purpose", [
  "id_proof",
  "address_proof",
  "purchase_order",
]);

/**
 * A booking's documents, kept in the database rather than as files: never under a public URL, in every
 * backup with the booking they belong to, shared by every instance, and deleted with a row (decision 0043).
 */
export const rentalDocuments = pgTable(
  "rental_documents",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => rentalBookings.id, { onDelete: "cascade" }),
    purpose: rentalDocumentPurpose("purpose").notNull(),
    /** Which document it is (a masked Aadhaar, a passport, …): app/features/rentals/documents.ts. */
    kind: text("kind").notNull(),
    mediaType: text("media_type").notNull(),
    size: integer("size").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("rental_documents_booking_purpose_idx").on(t.bookingId, t.purpose),
    check(
      "rental_documents_media_type",
      sql`${t.mediaType} IN ('application/pdf', 'image/jpeg', 'image/png')`,
    ),
    check(
      "rental_documents_size",
      sql`${t.size} BETWEEN 1 AND 5242880 AND ${t.size} = octet_length(${t.content})`,
    ),
  ],
);

/** What a rental unit is doing: free to rent, out on a booking, in repair, or retired from the fleet. */
export const rentalUnitStatus = pgEnum("rental_unit_status", ["available", "rented", "repair", "retired"]);

/**
 * The dealer's rental machines, one row per machine, kept apart from sale stock (decision 0043): which
 * product it is rented as, its serial number and asset tag, its configuration, grade and battery health, and
 * the one booking it is out on. "Rented" and a booking go together, so a unit is never on two bookings.
 */
export const rentalUnits = pgTable(
  "rental_units",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    serialNumber: text("serial_number").notNull().unique(),
    assetTag: text("asset_tag").notNull().unique(),
    configuration: text("configuration").notNull().default(""),
    /** A, B or C, as refurbished machines are graded. */
    grade: text("grade").notNull().default("A"),
    /** Per cent of the design capacity; null for a machine without a battery. */
    batteryHealth: smallint("battery_health"),
    notes: text("notes").notNull().default(""),
    status: rentalUnitStatus("status").notNull().default("available"),
    bookingId: integer("booking_id").references(() => rentalBookings.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("rental_units_product_idx").on(t.productId, t.status),
    index("rental_units_booking_idx").on(t.bookingId),
    check("rental_units_grade", sql`${t.grade} IN ('A', 'B', 'C')`),
    check("rental_units_battery", sql`${t.batteryHealth} IS NULL OR ${t.batteryHealth} BETWEEN 0 AND 100`),
    check("rental_units_booking", sql`(${t.status} = 'rented') = (${t.bookingId} IS NOT NULL)`),
  ],
);

/**
 * A booking's history and a unit's: every move along the pipeline (with who, the note, a refusal's reason),
 * each unit handed over or taken back with its condition, and each repair. A row names a booking, a unit, or
 * both.
 */
export const rentalEvents = pgTable(
  "rental_events",
  {
    id: serial("id").primaryKey(),
    bookingId: integer("booking_id").references(() => rentalBookings.id, { onDelete: "cascade" }),
    unitId: integer("unit_id").references(() => rentalUnits.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    /** Null when the customer or the shop itself made it. */
    staffId: integer("staff_id"),
    actorName: text("actor_name").notNull(),
    /** A refusal's or a cancellation's reason, as the customer was told it. */
    reason: text("reason"),
    /** Staff's own note (a handover checklist): never shown to the customer. */
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("rental_events_booking_idx").on(t.bookingId, t.id),
    index("rental_events_unit_idx").on(t.unitId, t.id),
    check("rental_events_subject", sql`${t.bookingId} IS NOT NULL OR ${t.unitId} IS NOT NULL`),
  ],
);

export const productColours = pgTable(
  "product_colours",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    colourId: integer("colour_id")
      .notNull()
      .references(() => colours.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.colourId] })],
);

export const ratings = pgTable(
  "ratings",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    star: smallint("star").notNull(),
    comment: text("comment").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ratings_one_per_customer").on(t.productId, t.customerId),
    check("ratings_star_range", sql`${t.star} BETWEEN 1 AND 5`),
  ],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] })],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    colourId: integer("colour_id")
      .notNull()
      .references(() => colours.id),
    quantity: integer("quantity").notNull(),
    /** Offer price read from the database when the line was added. */
    unitPrice: integer("unit_price").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cart_items_one_line_per_product").on(t.customerId, t.productId),
    check(
      "cart_items_quantity_range",
      sql`${t.quantity} BETWEEN ${sql.raw(String(MIN_QUANTITY))} AND ${sql.raw(String(MAX_QUANTITY))}`,
    ),
  ],
);

export type CartSnapshotLine = {
  productId: number;
  title: string;
  colourId: number;
  colourValue: string;
  colourName: string;
  quantity: number;
  unitPrice: number;
  originalPrice: number;
  /** The product's HSN code and GST rate at Place Order (absent from attempts made before invoices). */
  hsn?: string;
  gstRate?: number;
};

export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: serial("id").primaryKey(),
    merchantOrderId: text("merchant_order_id").notNull().unique(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** Paise: subtotal plus shipping, computed from the database. */
    amount: integer("amount").notNull(),
    status: text("status").notNull().default("PENDING"),
    lines: jsonb("lines").$type<CartSnapshotLine[]>().notNull(),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
    /** PHONEPE, or COD: a cash order, made at once and never sent to PhonePe (app/features/orders/checkout-choices.ts). */
    method: text("method").notNull().default("PHONEPE"),
    /** The shipping the shopper chose, its fee in paise (part of amount) and the day it was promised by. */
    shippingMethod: text("shipping_method").notNull().default("Standard"),
    shippingFee: integer("shipping_fee").notNull().default(10_000),
    promisedBy: date("promised_by", { mode: "string" }),
    /** Paise: the dealer's cash-on-delivery fee, part of amount (0 when paid online). */
    codFee: integer("cod_fee").notNull().default(0),
    /** What it pays for when not a cart: a rental booking's charge (the lines are then empty). */
    rentalChargeId: integer("rental_charge_id").references(() => rentalCharges.id),
    /** A business purchase: the buyer's GSTIN and business name for the tax invoice. */
    buyerGstin: text("buyer_gstin"),
    buyerBusinessName: text("buyer_business_name"),
    providerOrderId: text("provider_order_id"),
    /** PhonePe's payment page for this attempt: Place Order again with the same cart goes back to it. */
    paymentUrl: text("payment_url"),
    /** When PhonePe expires the order if nobody pays (from the expireAfter the shop sent). */
    expireAt: timestamp("expire_at", { withTimezone: true }),
    providerDetails: jsonb("provider_details").$type<Record<string, unknown>>(),
    failureReason: text("failure_reason"),
    checkCount: integer("check_count").notNull().default(0),
    /** Status checks in a row that could not reach PhonePe: the next waits longer (30 s doubling, at most 15 min). */
    failedChecks: integer("failed_checks").notNull().default(0),
    /**
     * A refund of this attempt (stock ran out while the shopper paid): null when none is due; REQUESTED once
     * the shop has claimed it (before PhonePe answered), then PhonePe's PENDING, CONFIRMED, COMPLETED or FAILED.
     * Its merchantRefundId is the merchantOrderId with "R": one refund per attempt, whoever asks.
     */
    refundState: text("refund_state"),
    /** Paise asked back: the whole amount after a stock race, or what an owner chose to refund (at most once). */
    refundAmount: integer("refund_amount"),
    /** PhonePe's own id of the refund. */
    refundId: text("refund_id"),
    /** When the refund is asked about next (null once it is COMPLETED or FAILED). */
    refundCheckAt: timestamp("refund_check_at", { withTimezone: true }),
    /** When a shopper's return page last asked PhonePe live (at most once every few seconds). */
    lastAskedAt: timestamp("last_asked_at", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payment_attempts_customer_idx").on(t.customerId),
    index("payment_attempts_pending_idx").on(t.status, t.nextCheckAt),
    index("payment_attempts_rental_charge_idx").on(t.rentalChargeId),
    check("payment_attempts_method", sql`method IN ('PHONEPE', 'COD')`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** One order per successful payment: enforced here, not in application code. */
    paymentAttemptId: integer("payment_attempt_id")
      .notNull()
      .unique()
      .references(() => paymentAttempts.id),
    /** Paise, at MRP, shipping included. */
    totalPrice: integer("total_price").notNull(),
    /** Paise, what was paid: offer prices plus shipping. */
    totalPriceAfterDiscount: integer("total_price_after_discount").notNull(),
    shippingFee: integer("shipping_fee").notNull(),
    /** Standard or Express, and the last day it was promised by (null on orders from before the choice). */
    shippingMethod: text("shipping_method").notNull().default("Standard"),
    promisedBy: date("promised_by", { mode: "string" }),
    /** PhonePe, or Cash on delivery: then the cash is due at the door until a staff member records it. */
    paymentMethod: text("payment_method").notNull().default("PhonePe"),
    /** Paise, part of the total: the cash-on-delivery fee. */
    codFee: integer("cod_fee").notNull().default(0),
    /** Paise collected at the door, by whom and when: the cash order counts as paid from then on. */
    cashCollected: integer("cash_collected"),
    cashCollectedBy: text("cash_collected_by"),
    cashCollectedAt: timestamp("cash_collected_at", { withTimezone: true }),
    buyerGstin: text("buyer_gstin"),
    buyerBusinessName: text("buyer_business_name"),
    status: text("status").notNull().default("Ordered"),
    paymentInfo: jsonb("payment_info").$type<Record<string, unknown>>().notNull(),
    shippingInfo: jsonb("shipping_info").$type<ShippingAddress>().notNull(),
    /** Set when the order is shipped (both optional). */
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_customer_idx").on(t.customerId, t.createdAt),
    check("orders_payment_method", sql`payment_method IN ('PhonePe', 'Cash on delivery')`),
    check("orders_shipping_method", sql`shipping_method IN ('Standard', 'Express')`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    colourId: integer("colour_id").references(() => colours.id),
    colourValue: text("colour_value").notNull(),
    colourName: text("colour_name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    originalPrice: integer("original_price").notNull(),
    /** The product's HSN code and GST rate when it was ordered: what its invoice is made with. */
    hsn: text("hsn").notNull().default("8471"),
    gstRate: smallint("gst_rate").notNull().default(18),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

/** An order's history: every status change, with who made it and when (the first row is the order placed). */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** Null when the shop itself made the change (the order placed by a payment). */
    staffId: integer("staff_id"),
    /** Who made it, kept as it was at the time ("Shop" for the shop itself). */
    actorName: text("actor_name").notNull(),
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.id)],
);

export const blogs = pgTable(
  "blogs",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** HTML; sanitised on the server before it is rendered. */
    description: text("description").notNull(),
    category: text("category").notNull(),
    images: jsonb("images").$type<ProductImage[]>().notNull().default([]),
    /** Null while the post is a draft: the shop shows published posts only. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("blogs_created_idx").on(t.createdAt)],
);

/**
 * One row: a number that grows with every committed change to what the shop's catalogue pages show (products,
 * their colours and ratings, blogs). Triggers in the database bump it (migration 0010), so a change from any
 * instance, the back office or by hand is seen by every instance's caches (docs/decisions/0023-page-cache.md).
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: integer("version").notNull().default(0),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("catalogue_version_one_row", sql`id = 1`)],
);

export const enquiries = pgTable("enquiries", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  mobile: text("mobile").notNull(),
  comment: text("comment").notNull(),
  status: text("status").notNull().default("Submitted"),
  /** Set when a staff member has read it; the dashboard counts the unread ones. */
  readAt: timestamp("read_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** Replies sent from the back office's enquiries inbox, by e-mail. */
export const enquiryReplies = pgTable(
  "enquiry_replies",
  {
    id: serial("id").primaryKey(),
    enquiryId: integer("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    staffId: integer("staff_id"),
    staffName: text("staff_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("enquiry_replies_enquiry_idx").on(t.enquiryId)],
);

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  /** Set when the back office unsubscribes the address; signing up again clears it. */
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * One row per counted attempt (a failed login, a sign-up, a reset request …). Rate limits count these rows
 * in a sliding window, so every instance of the shop shares the same limits through the database.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: serial("id").primaryKey(),
    /** The rule, e.g. "login" or "signup". */
    bucket: text("bucket").notNull(),
    /** Who is limited: an e-mail address, a client address or a token hash. */
    subject: text("subject").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limit_lookup_idx").on(t.bucket, t.subject, t.createdAt)],
);

/**
 * The bundled PhonePe simulator's orders (app/simulators/phonepe/). Only used when
 * PHONEPE_ENV is simulator; kept in the database so every instance of the shop sees the same orders.
 */
export const phonepeSimulatorOrders = pgTable(
  "phonepe_simulator_orders",
  {
    id: serial("id").primaryKey(),
    merchantOrderId: text("merchant_order_id").notNull().unique(),
    /** PhonePe's own order id ("OMO…"), also the hosted page's address. */
    orderId: text("order_id").notNull().unique(),
    /** Paise. */
    amount: integer("amount").notNull(),
    /** PENDING, COMPLETED or FAILED. */
    state: text("state").notNull().default("PENDING"),
    redirectUrl: text("redirect_url").notNull(),
    message: text("message"),
    metaInfo: jsonb("meta_info").$type<Record<string, string>>(),
    expireAt: timestamp("expire_at", { withTimezone: true }).notNull(),
    /** Set once the shopper chose an outcome on the hosted page (the payment attempt). */
    transactionId: text("transaction_id"),
    paymentMode: text("payment_mode"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    errorCode: text("error_code"),
    detailedErrorCode: text("detailed_error_code"),
    /** A pending attempt that settles by itself: into settleState once settleAt has passed. */
    settleAt: timestamp("settle_at", { withTimezone: true }),
    settleState: text("settle_state"),
    /** Paise refunded so far (refunds are accepted up to the amount). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("phonepe_simulator_orders_refund_check", sql`${t.refundedAmount} <= ${t.amount}`)],
);

export const phonepeSimulatorRefunds = pgTable("phonepe_simulator_refunds", {
  id: serial("id").primaryKey(),
  merchantRefundId: text("merchant_refund_id").notNull().unique(),
  refundId: text("refund_id").notNull().unique(),
  originalMerchantOrderId: text("original_merchant_order_id")
    .notNull()
    .references(() => phonepeSimulatorOrders.merchantOrderId, { onDelete: "cascade" }),
  /** Paise. */
  amount: integer("amount").notNull(),
  /** PENDING, then COMPLETED. */
  state: text("state").notNull().default("PENDING"),
  transactionId: text("transaction_id").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------------------
// The back office (/admin): the dealer's staff, apart from customers.
// ---------------------------------------------------------------------------------------------------------

export const staffRole = pgEnum("staff_role", ["owner", "staff"]);

export const staff = pgTable("staff", {
  id: serial("id").primaryKey(),
  /** Stored lower-cased so look-ups and the unique index ignore case. */
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  role: staffRole("role").notNull().default("staff"),
  /** Null until an invited member sets a password. */
  passwordHash: text("password_hash"),
  /** A disabled member cannot log in; the row stays for the audit trail. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const staffSessions = pgTable(
  "staff_sessions",
  {
    /** SHA-256 of the random token held in the signed cookie; the token itself is never stored. */
    idHash: text("id_hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

export const staffTokenPurpose = pgEnum("staff_token_purpose", ["setup", "invite"]);

/** One-time links: the first run's owner set-up link, and invitations to set a password. */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    purpose: staffTokenPurpose("purpose").notNull(),
    /** The invited member; null for the set-up link, which creates the owner. */
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("staff_tokens_staff_idx").on(t.staffId)],
);

/** Every change made in the back office: who, what, when, and before/after where it matters. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "set null" }),
    /** The member's name at the time, kept if the member is ever removed. */
    staffName: text("staff_name").notNull(),
    /** What was done, e.g. "staff.invite", "product.update". */
    action: text("action").notNull(),
    /** What it was done to, e.g. "staff 3", "product 12". */
    subject: text("subject").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * A catalogue file uploaded to the back office's import (issue 33), kept between its preview and its commit:
 * the commit names it by its hash, and any instance can serve either. Deleted at the commit, and by housekeeping
 * a day after its upload.
 */
export const productImports = pgTable(
  "product_imports",
  {
    id: serial("id").primaryKey(),
    /** Who uploaded it: only they see its preview and commit it. */
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** SHA-256 of the file's bytes, in hex. */
    fileHash: text("file_hash").notNull(),
    /** The file as text (it is read as UTF-8 at the upload): text, where PGlite writes bytes a hex digit pair at a time. */
    content: text("content").notNull(),
    /** What the preview showed (app/features/catalogue/bulk): counts, changes and errors. */
    preview: jsonb("preview").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("product_imports_created_idx").on(t.createdAt)],
);

/**
 * The dealer's own settings, one row: what the shop promises and charges that is not a product's. Read
 * through app/features/settings/settings.server.ts, which keeps them until `version` changes.
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: smallint("id").primaryKey().default(1),
    version: integer("version").notNull().default(1),
    hotline: text("hotline").notNull(),
    /** Digits with the country code, as wa.me links take it: "919845012345". */
    whatsapp: text("whatsapp").notNull(),
    /** The dealer's address, one line per line as printed. */
    address: text("address").notNull(),
    pinCode: text("pin_code").notNull(),
    /** Orders placed from this minute of India's day on start the next business day: 960 is 4 PM. */
    cutoffMinutes: smallint("cutoff_minutes").notNull().default(960),
    /** 0 = Sunday … 6 = Saturday. */
    businessWeekdays: smallint("business_weekdays").array().notNull().default(sql`'{1,2,3,4,5}'::smallint[]`),
    /** Paise; null while express delivery is not offered. */
    expressFee: integer("express_fee"),
    cashOnDelivery: boolean("cash_on_delivery").notNull().default(true),
    /** Paise: orders above this total cannot be paid in cash. */
    codCeiling: integer("cod_ceiling").notNull().default(5_000_000),
    codFee: integer("cod_fee").notNull().default(0),
    /** Whether a rental's deposit and first month may be paid in cash when the units are delivered. */
    rentalCashOnDelivery: boolean("rental_cash_on_delivery").notNull().default(false),
    /** The dealer as GST knows it, printed on every tax invoice; the seed's GSTIN is a sample until set. */
    legalName: text("legal_name").notNull().default("Kaveri Computers Private Limited"),
    tradeName: text("trade_name").notNull().default("Kaveri Computers"),
    gstin: text("gstin").notNull().default("29AAHCK4591M1ZS"),
    gstinIsSample: boolean("gstin_is_sample").notNull().default(true),
    /** The registration's state, as the checkout's list names it (its GST code comes from app/features/invoices/gst.ts). */
    gstState: text("gst_state").notNull().default("Karnataka"),
    invoicePrefix: text("invoice_prefix").notNull().default("KC"),
    creditNotePrefix: text("credit_note_prefix").notNull().default("CN"),
    /** Paise: inter-state sales to consumers above this are listed one by one in the monthly return (B2CL). */
    b2clThreshold: integer("b2cl_threshold").notNull().default(1_00_000_00),
    /**
     * Whom a customer writes to about their personal data (the Digital Personal Data Protection Act's
     * grievance contact), named on the privacy policy page.
     */
    grievanceName: text("grievance_name").notNull().default("Grievance Officer, Kaveri Computers"),
    grievanceEmail: text("grievance_email").notNull().default("grievance@kavericomputers.in"),
    /** The last year whose holidays were copied from the holiday library (the dealer may edit them after). */
    holidaysSeededThrough: smallint("holidays_seeded_through").notNull().default(0),
    updatedAt: updatedAt(),
    updatedBy: integer("updated_by"),
  },
  () => [
    check("shop_settings_one_row", sql`id = 1`),
    check("shop_settings_cutoff", sql`cutoff_minutes BETWEEN 0 AND 1439`),
    check(
      "shop_settings_money",
      sql`(express_fee IS NULL OR express_fee >= 0) AND cod_ceiling >= 0 AND cod_fee >= 0`,
    ),
  ],
);

/** Days the shop is closed although a business weekday. */
export const shopHolidays = pgTable("shop_holidays", {
  day: date("day", { mode: "string" }).primaryKey(),
  name: text("name").notNull(),
});

/**
 * Where the shop delivers, and how fast: each zone claims PIN codes by prefixes and ranges (app/features/delivery/pin-codes.ts);
 * where zones overlap, the most specific claim wins. Days are business days in transit.
 */
export const deliveryZones = pgTable(
  "delivery_zones",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    pinList: text("pin_list").notNull(),
    delivers: boolean("delivers").notNull().default(true),
    standardDaysMin: smallint("standard_days_min").notNull(),
    standardDaysMax: smallint("standard_days_max").notNull(),
    /** Null while express delivery does not reach the zone. */
    expressDaysMin: smallint("express_days_min"),
    expressDaysMax: smallint("express_days_max"),
    cashOnDelivery: boolean("cash_on_delivery").notNull().default(true),
    updatedAt: updatedAt(),
  },
  () => [
    check(
      "delivery_zones_days",
      sql`standard_days_min BETWEEN 0 AND 60 AND standard_days_max BETWEEN standard_days_min AND 60 AND (express_days_min IS NULL) = (express_days_max IS NULL) AND (express_days_min IS NULL OR (express_days_min BETWEEN 0 AND 60 AND express_days_max BETWEEN express_days_min AND 60))`,
    ),
  ],
);

/**
 * Tax invoices and credit notes as issued: the whole document as printed (app/features/invoices/invoice.ts) and the figures
 * the monthly register sums. One invoice per order, issued when it is paid; one credit note per refund.
 */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: serial("id").primaryKey(),
    /** invoice or credit-note. */
    kind: text("kind").notNull(),
    number: text("number").notNull().unique(),
    /** The financial year it is numbered in (2026 for 26-27) and its place in that year's series. */
    financialYear: smallint("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    /** What it is for: an order, or a rental's charge (a month's rent, or what its deposit was kept for). */
    orderId: integer("order_id").references(() => orders.id),
    rentalChargeId: integer("rental_charge_id").references(() => rentalCharges.id),
    /** A rental booking's own documents beside its months': the charges kept from its deposit. */
    rentalBookingId: integer("rental_booking_id").references(() => rentalBookings.id),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** India's calendar day of issue: what the document and the register show. */
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    document: jsonb("document").$type<TaxDocument>().notNull(),
    buyerGstin: text("buyer_gstin"),
    placeOfSupply: text("place_of_supply").notNull(),
    amount: integer("amount").notNull(),
    taxable: integer("taxable").notNull(),
    cgst: integer("cgst").notNull(),
    sgst: integer("sgst").notNull(),
    igst: integer("igst").notNull(),
  },
  (t) => [
    uniqueIndex("tax_documents_one_per_order").on(t.orderId, t.kind),
    uniqueIndex("tax_documents_one_per_rental_charge").on(t.rentalChargeId, t.kind),
    uniqueIndex("tax_documents_one_per_rental_settlement").on(t.rentalBookingId, t.kind),
    check(
      "tax_documents_one_subject",
      sql`num_nonnulls(${t.orderId}, ${t.rentalChargeId}, ${t.rentalBookingId}) = 1`,
    ),
    uniqueIndex("tax_documents_series").on(t.kind, t.financialYear, t.sequence),
    index("tax_documents_issued_idx").on(t.issuedOn),
    check("tax_documents_kind", sql`${t.kind} IN ('invoice', 'credit-note')`),
    check("tax_documents_adds_up", sql`${t.taxable} + ${t.cgst} + ${t.sgst} + ${t.igst} = ${t.amount}`),
  ],
);

/** The last number given in each series (invoices, credit notes) and financial year: numbers without gaps. */
export const documentSequences = pgTable(
  "document_sequences",
  {
    kind: text("kind").notNull(),
    financialYear: smallint("financial_year").notNull(),
    lastSequence: integer("last_sequence").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

/**
 * Every backup the shop started (decision 0041): the dashboard shows the last good one's age, and a scheduled
 * run claims its day's slot here, so among several instances one writes it.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: serial("id").primaryKey(),
    /** schedule, owner (the back office's button) or command (npm run backup). */
    trigger: text("trigger").notNull(),
    /** The India date of a scheduled run ("2026-11-27"): unique, so a day's backup is claimed once. */
    scheduledFor: date("scheduled_for", { mode: "string" }).unique(),
    /** running, ok or failed. */
    status: text("status").notNull().default("running"),
    /** The backup file's name in BACKUP_DIR of the instance named by `host`. */
    fileName: text("file_name"),
    bytes: bigint("bytes", { mode: "number" }),
    host: text("host").notNull(),
    /** Why it failed, in words (never a secret: connection URLs are redacted). */
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("backup_runs_started_idx").on(t.startedAt),
    check("backup_runs_status", sql`${t.status} IN ('running', 'ok', 'failed')`),
    check("backup_runs_trigger", sql`${t.trigger} IN ('schedule', 'owner', 'command')`),
  ],
);
