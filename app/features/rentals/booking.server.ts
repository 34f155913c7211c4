// A customer's rental booking (decision 0043): the form's page, the request checked against what only the
// server knows (the product's plans, the units free, the PIN code served, the earliest start, the documents'
// bytes), stored in one transaction, and the customer's own list with its withdrawal.

import { and, count, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  customers,
  products,
  rentalBookings,
  rentalCharges,
  rentalDocuments,
  rentalEvents,
  type ShippingAddress,
} from "~/db/schema";
import { deliveryPromise, formatShopDay, type ShopDay, shopClock } from "~/features/delivery";
import { placeOfPin, quoteDelivery, stateRefusal } from "~/features/delivery/index.server";
import { readShopRules, readShopSettings } from "~/features/settings/index.server";
import { formatRupees } from "~/lib/money";
import { requestLimits } from "~/lib/request-limits.mjs";
import {
  ADDRESS_PROOF_KINDS,
  BOOKING_STATUS_TEXT,
  bookingReference,
  DOCUMENT_PURPOSES,
  type DocumentPurpose,
  ID_PROOF_KINDS,
  RENTAL_UNITS_MAX,
  START_DAYS_AHEAD,
  WITHDRAWABLE_STATUSES,
} from "./booking";
import { bookingMessages } from "./booking-messages";
import { bookingsTaxDocuments } from "./charge-documents.server";
import { chargeView } from "./charges.server";
import { checkDocument, type DocumentToStore, storeDocuments } from "./documents.server";
import { monthsText, perMonth, sortedPlans, upFront } from "./offer";
import { readRentalOffer } from "./offer.server";
import { hasEnded } from "./pipeline";
import { depositBack } from "./pipeline.server";
import type { BookingValues } from "./schemas";
import { RENTAL_TERMS_VERSION, rentalTerms } from "./terms";
import { unitsFree } from "./units.server";

/** Requests a customer may have waiting for the dealer at once. */
const OPEN_REQUESTS_MAX = 5;

/**
 * A rental product that can be booked now: shown in the shop, with plans. `free` is what the latest start
 * allows (units out now may be back by then); the request checks its own start.
 */
async function bookableProduct(db: Database, productId: number, now: Date) {
  const [product] = await db
    .select({ id: products.id, title: products.title, images: products.images, free: products.quantity })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.productType, "rental"), isNull(products.hiddenAt)));
  if (!product) return undefined;
  const offer = await readRentalOffer(db, productId);
  if (!offer || offer.plans.length === 0) return undefined;
  const latest = daysAfter(await earliestStartAnywhere(db, now), START_DAYS_AHEAD);
  return {
    ...product,
    stock: product.free,
    free: await unitsFree(db, productId, product.free, latest),
    offer,
  };
}

/** The day after `day` plus `days` (calendar days), as "YYYY-MM-DD". */
function daysAfter(day: ShopDay, days: number): ShopDay {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The earliest start for a PIN code: the day the dealer's delivery rules promise it (undefined: not served). */
async function earliestStartFor(db: Database, pin: string, now: Date): Promise<ShopDay | undefined> {
  const quote = await quoteDelivery(db, pin, now);
  return quote.served ? quote.standard.deliverBy : undefined;
}

/**
 * Without a PIN code to go by: the earliest start every served PIN code can make (the slowest zone's), so the
 * day the form starts with is one the request can keep.
 */
async function earliestStartAnywhere(db: Database, now: Date): Promise<ShopDay> {
  const { calendar, zones } = await readShopRules(db);
  const slowest = Math.max(
    0,
    ...zones.filter(({ zone }) => zone.delivers).map(({ zone }) => zone.standardDaysMax),
  );
  return deliveryPromise(now, slowest, calendar).deliverBy;
}

export type BookingPage = NonNullable<Awaited<ReturnType<typeof bookingPage>>>;

/**
 * What the booking page shows: the product, its plans with what each costs up front, the terms, and the form
 * filled from the customer's saved address and business and from the plan chosen on the product page.
 */
export async function bookingPage(
  db: Database,
  productId: number,
  customerId: number,
  chosen: { months?: number | undefined; units?: number | undefined },
  now = new Date(),
) {
  const product = await bookableProduct(db, productId, now);
  if (!product) return undefined;
  const [customer] = await db
    .select({
      address: customers.savedAddress,
      gstin: customers.businessGstin,
      businessName: customers.businessName,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  const plans = sortedPlans(product.offer.plans);
  const months = plans.some((plan) => plan.months === chosen.months) ? chosen.months : plans[0]?.months;
  const units = chosen.units && chosen.units >= 1 && chosen.units <= RENTAL_UNITS_MAX ? chosen.units : 1;
  const savedPin = customer?.address?.pincode;
  const anywhere = await earliestStartAnywhere(db, now);
  const earliest = (savedPin && (await earliestStartFor(db, savedPin, now))) || anywhere;
  return {
    product: { id: product.id, title: product.title, image: product.images[0] ?? null },
    plans: plans.map((plan) => ({
      months: plan.months,
      tenure: monthsText(plan.months),
      rent: perMonth(plan.monthlyRent),
      upFront: formatRupees(upFront(product.offer, plan).total),
    })),
    deposit: formatRupees(product.offer.deposit),
    terms: rentalTerms(product.offer),
    termsVersion: RENTAL_TERMS_VERSION,
    maxUnits: Math.min(RENTAL_UNITS_MAX, Math.max(1, product.free)),
    start: {
      min: earliest,
      max: daysAfter(anywhere, START_DAYS_AHEAD),
      minText: formatShopDay(earliest),
      pin: savedPin ?? null,
    },
    idKinds: Object.entries(ID_PROOF_KINDS).map(([value, label]) => ({ value, label })),
    addressKinds: Object.entries(ADDRESS_PROOF_KINDS).map(([value, label]) => ({ value, label })),
    defaults: {
      ...(customer?.address ?? { country: "India" }),
      months: months ? String(months) : "",
      units: String(units),
      startDate: earliest,
      customerType: customer?.gstin ? "business" : "individual",
      gstin: customer?.gstin ?? "",
      businessName: customer?.businessName ?? "",
    },
  };
}

export type BookingRefusal = { field: string | null; message: string; status: number };

export type BookingRequest =
  | { ok: true; bookingId: number; reference: string }
  | ({ ok: false } & BookingRefusal);

type Files = { idProof: File; addressProof: File; purchaseOrder?: File | undefined };

const documentProblemText = {
  type: bookingMessages.documentType,
  unreadable: bookingMessages.documentUnreadable,
  "too-large": bookingMessages.documentTooLarge(requestLimits.rentalDocumentBytes / (1024 * 1024)),
} as const;

/**
 * Records a customer's booking request, after checking it against the shop's own data: the product is a
 * rental on offer with that tenure, the units are free, the PIN code is served and in the state given, the
 * start is on or after the day delivery there can be made and within START_DAYS_AHEAD of it, and each
 * document is a PDF, JPEG or PNG by its bytes. The rent and deposit are the offer's at this moment.
 */
export async function requestBooking(
  db: Database,
  customerId: number,
  productId: number,
  values: Omit<BookingValues, keyof Files> & Files,
  now = new Date(),
): Promise<BookingRequest> {
  const refuse = (field: string | null, message: string, status = 400) =>
    ({ ok: false, field, message, status }) as const;
  const product = await bookableProduct(db, productId, now);
  if (!product) return refuse(null, bookingMessages.notBookable, 409);
  const plan = product.offer.plans.find((candidate) => candidate.months === values.months);
  if (!plan) return refuse("months", bookingMessages.tenureNotOffered);
  // Not a unit free by the latest start: nothing to ask for. The count for this start is checked below.
  if (product.free < 1) return refuse(null, bookingMessages.notBookable, 409);
  const earliest = await earliestStartFor(db, values.pincode, now);
  if (!earliest) return refuse("pincode", bookingMessages.pinNotServed(values.pincode));
  const stateProblem = stateRefusal(values, await placeOfPin(values.pincode));
  if (stateProblem) return refuse("state", stateProblem);
  if (values.startDate < earliest) {
    return refuse("startDate", bookingMessages.startTooEarly(values.pincode, formatShopDay(earliest)));
  }
  // The same last day as the form offers, whatever the PIN code: 60 days after the slowest zone's first.
  const latest = daysAfter(await earliestStartAnywhere(db, now), START_DAYS_AHEAD);
  if (values.startDate > latest)
    return refuse("startDate", bookingMessages.startTooLate(formatShopDay(latest)));
  const freeOn = await unitsFree(db, productId, product.stock, values.startDate);
  if (values.units > freeOn) {
    return refuse("units", bookingMessages.unitsFreeOn(freeOn, formatShopDay(values.startDate)), 409);
  }

  const documents: DocumentToStore[] = [];
  const given: [DocumentPurpose, keyof Files, string, File | undefined][] = [
    ["id_proof", "idProof", values.idProofKind, values.idProof],
    ["address_proof", "addressProof", values.addressProofKind, values.addressProof],
    ["purchase_order", "purchaseOrder", "purchase-order", values.purchaseOrder],
  ];
  for (const [purpose, field, kind, file] of given) {
    if (!file) continue;
    const checked = await checkDocument(new Uint8Array(await file.arrayBuffer()));
    if (!checked.ok) return refuse(field, documentProblemText[checked.problem]);
    documents.push({ ...checked.document, purpose, kind });
  }

  const business = values.customerType === "business" && values.gstin && values.businessName;
  const address: ShippingAddress = {
    firstname: values.firstname,
    lastname: values.lastname,
    address: values.address,
    ...(values.other ? { other: values.other } : {}),
    city: values.city,
    state: values.state,
    country: values.country,
    pincode: values.pincode,
  };
  const bookingId = await db.transaction(async (tx) => {
    // The customer's row is locked and must be live: an erasure of the account waits, or this waits for it
    // and stores nothing. Too many requests waiting are refused (a double click, or a flood of documents).
    const [live] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
      .for("update");
    if (!live) return undefined;
    const [waiting] = await tx
      .select({ n: count() })
      .from(rentalBookings)
      .where(
        and(
          eq(rentalBookings.customerId, customerId),
          inArray(rentalBookings.status, [...WITHDRAWABLE_STATUSES]),
        ),
      );
    if ((waiting?.n ?? 0) >= OPEN_REQUESTS_MAX) return "too-many" as const;
    const [booking] = await tx
      .insert(rentalBookings)
      .values({
        customerId,
        productId,
        title: product.title,
        months: plan.months,
        units: values.units,
        monthlyRent: plan.monthlyRent,
        deposit: product.offer.deposit,
        startDate: values.startDate,
        address,
        businessName: business ? values.businessName : null,
        businessGstin: business ? values.gstin : null,
        termsVersion: RENTAL_TERMS_VERSION,
        offer: {
          deposit: product.offer.deposit,
          earlyClosure: product.offer.earlyClosure,
          closureFeeMonths: product.offer.closureFeeMonths,
          plans: product.offer.plans,
        },
      })
      .returning({ id: rentalBookings.id });
    if (!booking) throw new Error("The booking was not stored");
    await storeDocuments(tx, booking.id, documents);
    // The next booking's form starts from this address and business, as checkout's does.
    await tx
      .update(customers)
      .set({
        savedAddress: address,
        businessGstin: business ? values.gstin : null,
        businessName: business ? values.businessName : null,
      })
      .where(eq(customers.id, customerId));
    return booking.id;
  });
  if (bookingId === undefined) return refuse(null, bookingMessages.notBookable, 409);
  if (bookingId === "too-many") return refuse(null, bookingMessages.tooManyOpen(OPEN_REQUESTS_MAX), 429);
  return { ok: true, bookingId, reference: bookingReference(bookingId) };
}

/** A booking as its customer sees it in My Rentals. */
export type CustomerBooking = Awaited<ReturnType<typeof customerBookings>>[number];

/** Once inspected: the deposit held, the charges found, and what comes back, in a sentence. */
function settlementText(row: typeof rentalBookings.$inferSelect): string | null {
  if (row.status !== "inspected" && row.status !== "settled") return null;
  const { held, charged, back, owed } = depositBack(
    row.deposit,
    row.units,
    row.deductions,
    row.closureCharge,
  );
  const charges = [
    ...(row.closureCharge > 0 ? [`Closing early ${formatRupees(row.closureCharge)}`] : []),
    ...row.deductions.map((line) => `${line.label} ${formatRupees(line.amount)}`),
  ].join(", ");
  const verb = row.status === "settled" ? "returned" : "to be returned";
  const owing = owed > 0 ? ` ${formatRupees(owed)} is still to pay.` : "";
  return charged > 0
    ? `Deposit ${formatRupees(held)} less ${formatRupees(charged)} (${charges}): ${formatRupees(back)} ${verb}.${owing}`
    : `Deposit ${formatRupees(held)}: ${formatRupees(back)} ${verb}.`;
}

/** The customer's bookings, newest first, worded for My Rentals. */
export async function customerBookings(db: Database, customerId: number, now = new Date()) {
  const rows = await db
    .select()
    .from(rentalBookings)
    .where(eq(rentalBookings.customerId, customerId))
    .orderBy(desc(rentalBookings.createdAt), desc(rentalBookings.id));
  // Why a request was refused or cancelled, as the customer was told it (staff's own notes stay theirs).
  const reasons = new Map<number, string>();
  const ended = rows
    .filter((row) => row.status === "rejected" || row.status === "cancelled")
    .map((row) => row.id);
  if (ended.length > 0) {
    const events = await db
      .select({ bookingId: rentalEvents.bookingId, reason: rentalEvents.reason })
      .from(rentalEvents)
      .where(and(inArray(rentalEvents.bookingId, ended), isNotNull(rentalEvents.reason)))
      .orderBy(rentalEvents.id);
    for (const event of events)
      if (event.bookingId && event.reason) reasons.set(event.bookingId, event.reason);
  }
  const ids = rows.map((row) => row.id);
  const charges =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(rentalCharges)
          .where(inArray(rentalCharges.bookingId, ids))
          .orderBy(rentalCharges.month);
  const documents = await bookingsTaxDocuments(db, ids);
  const today = shopClock(now).day;
  const { rentalCashOnDelivery } = await readShopSettings(db);
  return rows.map((row) => ({
    charges: charges
      .filter((charge) => charge.bookingId === row.id)
      .map((charge) => ({
        ...chargeView(charge, today),
        // What chargeToPay asks of a charge in SQL: due, on a booking that has not ended.
        payable: charge.status === "due" && !hasEnded(row.status),
        // The first charge may wait for the door where the dealer allows it.
        cashAtDelivery: rentalCashOnDelivery && charge.month === 1 && row.status === "approved",
      })),
    taxDocuments: documents.get(row.id) ?? [],
    reason: reasons.get(row.id) ?? null,
    id: row.id,
    reference: bookingReference(row.id),
    productId: row.productId,
    title: row.title,
    plan: `${row.units} × ${monthsText(row.months)} at ${perMonth(row.monthlyRent)}`,
    upFront: formatRupees(
      upFront({ deposit: row.deposit }, { months: row.months, monthlyRent: row.monthlyRent }, row.units)
        .total,
    ),
    deposit: formatRupees(row.deposit * row.units),
    start: formatShopDay(row.startDate),
    status: BOOKING_STATUS_TEXT[row.status],
    settlement: settlementText(row),
    withdrawable: WITHDRAWABLE_STATUSES.includes(row.status),
    requestedAt: row.createdAt.toISOString(),
  }));
}

/**
 * The customer withdraws their own request, while the dealer has not approved it. Another customer's booking,
 * or one already approved, is refused without saying which.
 */
export async function withdrawBooking(
  db: Database,
  customerId: number,
  bookingId: number,
  now = new Date(),
): Promise<{ ok: true; reference: string } | { ok: false }> {
  return db.transaction(async (tx) => {
    const withdrawn = await tx
      .update(rentalBookings)
      .set({ status: "withdrawn", endedAt: now, updatedAt: now })
      .where(
        and(
          eq(rentalBookings.id, bookingId),
          eq(rentalBookings.customerId, customerId),
          inArray(rentalBookings.status, [...WITHDRAWABLE_STATUSES]),
        ),
      )
      .returning({ id: rentalBookings.id });
    if (withdrawn.length === 0) return { ok: false } as const;
    // Staff see it in the booking's history, as every other move.
    await tx
      .insert(rentalEvents)
      .values({ bookingId, toStatus: "withdrawn", actorName: "The customer", note: "" });
    return { ok: true, reference: bookingReference(bookingId) } as const;
  });
}

/** The booking's facts for its confirmation mail. */
export async function bookingForMail(db: Database, bookingId: number) {
  const [row] = await db
    .select({
      booking: rentalBookings,
      email: customers.email,
      firstname: customers.firstname,
    })
    .from(rentalBookings)
    .innerJoin(customers, eq(customers.id, rentalBookings.customerId))
    .where(eq(rentalBookings.id, bookingId));
  return row;
}

/**
 * The customer's rentals for the download of their own data: every booking with its plan, address, business,
 * terms' version, status, charges and payments, and which documents are kept (not their bytes: the
 * customer has them).
 */
export async function customerRentalData(db: Database, customerId: number) {
  const rows = await db
    .select()
    .from(rentalBookings)
    .where(eq(rentalBookings.customerId, customerId))
    .orderBy(rentalBookings.id);
  const documents =
    rows.length === 0
      ? []
      : await db
          .select({
            bookingId: rentalDocuments.bookingId,
            purpose: rentalDocuments.purpose,
            kind: rentalDocuments.kind,
            size: rentalDocuments.size,
          })
          .from(rentalDocuments)
          .where(
            inArray(
              rentalDocuments.bookingId,
              rows.map((row) => row.id),
            ),
          );
  const payments =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(rentalCharges)
          .where(
            inArray(
              rentalCharges.bookingId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(rentalCharges.bookingId, rentalCharges.month);
  return rows.map((row) => ({
    reference: bookingReference(row.id),
    product: row.title,
    months: row.months,
    units: row.units,
    monthlyRent: row.monthlyRent / 100,
    depositPerUnit: row.deposit / 100,
    startDate: row.startDate,
    address: row.address,
    business: row.businessGstin ? { gstin: row.businessGstin, name: row.businessName } : null,
    termsVersion: row.termsVersion,
    status: BOOKING_STATUS_TEXT[row.status],
    requestedAt: row.createdAt.toISOString(),
    charges: row.deductions.map((line) => ({ label: line.label, amount: line.amount / 100 })),
    payments: payments
      .filter((charge) => charge.bookingId === row.id)
      .map((charge) => ({
        month: charge.month,
        rent: charge.rent / 100,
        deposit: charge.deposit / 100,
        dueOn: charge.dueOn,
        status: charge.status,
        paidBy: charge.paidBy,
        paidAt: charge.paidAt?.toISOString() ?? null,
      })),
    documentsKept: documents
      .filter((document) => document.bookingId === row.id)
      .map((document) => ({
        document: DOCUMENT_PURPOSES[document.purpose],
        kind: document.kind,
        bytes: document.size,
      })),
  }));
}
