// Tax invoices and credit notes (issue 17; decision 0028): issued inside the transaction that makes an order
// paid (an online payment settled, a cash order's cash collected) or records its refund, numbered without
// gaps per series and financial year, and kept as the snapshot that was printed.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  documentSequences,
  orderItems,
  orders,
  paymentAttempts,
  shopSettings,
  taxDocuments,
} from "~/db/schema";
import { shopClock } from "~/features/delivery";
import { addressLines } from "~/features/settings";
import { stateCodeOf } from "./gst";
import { type GstRate, isGstRate } from "./gst-rates";
import {
  buildCreditNote,
  buildInvoice,
  buildRentalInvoice,
  type DocumentKind,
  type RentalInvoiceFacts,
  type Supplier,
  type TaxDocument,
} from "./invoice";
import { financialYearOf, formatDocumentNumber } from "./invoice-numbers";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The dealer as the settings say now, read inside the caller's transaction (PGlite has one connection). */
async function supplierNow(tx: Tx): Promise<{ supplier: Supplier; prefixes: Record<DocumentKind, string> }> {
  const [settings] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!settings) throw new Error("The shop_settings row is missing: the migrations have not run");
  const stateCode = stateCodeOf(settings.gstState);
  if (!stateCode) throw new Error(`The shop's GST state has no code: ${settings.gstState}`);
  return {
    supplier: {
      legalName: settings.legalName,
      tradeName: settings.tradeName,
      gstin: settings.gstin,
      address: addressLines(settings.address, settings.pinCode),
      state: settings.gstState,
      stateCode,
    },
    prefixes: { invoice: settings.invoicePrefix, "credit-note": settings.creditNotePrefix },
  };
}

/**
 * The next number of a series in the financial year of `now`: the sequence row is created or moved on in the
 * caller's transaction, which holds it locked until it ends, so concurrent documents wait their turn and a
 * rolled-back one gives its number back (no gaps, on any number of instances).
 */
async function nextNumber(tx: Tx, kind: DocumentKind, prefix: string, now: Date) {
  const year = financialYearOf(now);
  const [row] = await tx
    .insert(documentSequences)
    .values({ kind, financialYear: year.start, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.kind, documentSequences.financialYear],
      set: { lastSequence: sql`${documentSequences.lastSequence} + 1` },
    })
    .returning({ sequence: documentSequences.lastSequence });
  if (!row) throw new Error("The document sequence was not returned");
  return {
    financialYear: year.start,
    sequence: row.sequence,
    number: formatDocumentNumber(prefix, year, row.sequence),
  };
}

/** What a tax document is for: an order, a rental's monthly charge, or a rental's settlement. */
export type DocumentSubject = { orderId: number } | { rentalChargeId: number } | { rentalBookingId: number };

function subjectColumn(subject: DocumentSubject) {
  if ("orderId" in subject) return eq(taxDocuments.orderId, subject.orderId);
  if ("rentalChargeId" in subject) return eq(taxDocuments.rentalChargeId, subject.rentalChargeId);
  return eq(taxDocuments.rentalBookingId, subject.rentalBookingId);
}

async function store(
  tx: Tx,
  subject: DocumentSubject,
  document: TaxDocument,
  numbered: { financialYear: number; sequence: number },
  now: Date,
): Promise<TaxDocument> {
  await tx.insert(taxDocuments).values({
    kind: document.kind,
    number: document.number,
    financialYear: numbered.financialYear,
    sequence: numbered.sequence,
    ...subject,
    issuedAt: now,
    issuedOn: document.issuedOn,
    document,
    buyerGstin: document.buyer.gstin,
    placeOfSupply: document.placeOfSupply.stateCode,
    ...document.totals,
  });
  return document;
}

async function existing(
  tx: Pick<Database, "select">,
  subject: DocumentSubject,
  kind: DocumentKind,
): Promise<TaxDocument | undefined> {
  const [row] = await tx
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(subjectColumn(subject), eq(taxDocuments.kind, kind)));
  return row?.document;
}

const rateOf = (rate: number): GstRate => (isGstRate(rate) ? rate : 18);

/**
 * Issues the tax invoice of a paid order, once: called in the transaction that makes it paid. A second call
 * returns the invoice already issued.
 */
export async function issueInvoice(tx: Tx, orderId: number, now = new Date()): Promise<TaxDocument> {
  const issued = await existing(tx, { orderId }, "invoice");
  if (issued) return issued;
  const [order] = await tx
    .select({
      id: orders.id,
      reference: paymentAttempts.merchantOrderId,
      paymentMethod: orders.paymentMethod,
      shippingFee: orders.shippingFee,
      codFee: orders.codFee,
      address: orders.shippingInfo,
      businessName: orders.buyerBusinessName,
      gstin: orders.buyerGstin,
    })
    .from(orders)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, orders.paymentAttemptId))
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`No order ${orderId} to invoice`);
  const lines = await tx
    .select({
      title: orderItems.title,
      colourName: orderItems.colourName,
      hsn: orderItems.hsn,
      rate: orderItems.gstRate,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const { supplier, prefixes } = await supplierNow(tx);
  const numbered = await nextNumber(tx, "invoice", prefixes.invoice, now);
  const document = buildInvoice(
    { ...order, lines: lines.map((line) => ({ ...line, rate: rateOf(line.rate) })) },
    supplier,
    { number: numbered.number, issuedOn: shopClock(now).day },
  );
  return store(tx, { orderId }, document, numbered, now);
}

/**
 * Issues the tax invoice of a rental's charge (a month's rent, or what its deposit was kept for), once: called
 * in the transaction that records it paid or settled. A second call returns the invoice already issued.
 */
export async function issueRentalInvoice(
  tx: Tx,
  subject: { rentalChargeId: number } | { rentalBookingId: number },
  facts: RentalInvoiceFacts,
  now = new Date(),
): Promise<TaxDocument> {
  const issued = await existing(tx, subject, "invoice");
  if (issued) return issued;
  const { supplier, prefixes } = await supplierNow(tx);
  const numbered = await nextNumber(tx, "invoice", prefixes.invoice, now);
  const document = buildRentalInvoice(facts, supplier, {
    number: numbered.number,
    issuedOn: shopClock(now).day,
  });
  return store(tx, subject, document, numbered, now);
}

/**
 * Issues the credit note of a refund of `amount` paise against the order's invoice, once (a PhonePe refund
 * is made once per order); nothing when the order was never invoiced.
 */
export async function issueCreditNote(
  tx: Tx,
  orderId: number | DocumentSubject,
  amount: number,
  now = new Date(),
): Promise<TaxDocument | undefined> {
  const subject = typeof orderId === "number" ? { orderId } : orderId;
  const invoice = await existing(tx, subject, "invoice");
  if (!invoice) return undefined;
  const issued = await existing(tx, subject, "credit-note");
  if (issued) return issued;
  const { prefixes } = await supplierNow(tx);
  const numbered = await nextNumber(tx, "credit-note", prefixes["credit-note"], now);
  const document = buildCreditNote(invoice, amount, {
    number: numbered.number,
    issuedOn: shopClock(now).day,
  });
  return store(tx, subject, document, numbered, now);
}

/**
 * An order's invoice or credit note as issued; with `customerId`, only when the order is that customer's
 * (anyone else's, or one not issued yet, is undefined: the route answers 404).
 */
export async function taxDocumentOf(
  db: Database,
  orderId: number,
  kind: DocumentKind,
  customerId?: number,
): Promise<TaxDocument | undefined> {
  const [row] = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        eq(taxDocuments.kind, kind),
        customerId === undefined ? undefined : eq(orders.customerId, customerId),
      ),
    );
  return row?.document;
}

/** A rental's tax document (a month's, or its settlement's) as issued; undefined when none was. */
export async function rentalTaxDocument(
  db: Database,
  subject: { rentalChargeId: number } | { rentalBookingId: number },
  kind: DocumentKind,
): Promise<TaxDocument | undefined> {
  return existing(db, subject, kind);
}
