// The accountant's month (issue 17, item 7): the month's tax documents, read by India's calendar day of issue,
// sorted into GSTR-1's tables by app/features/invoices/gst-register.ts.
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { taxDocuments } from "~/db/schema";
import { readShopSettings } from "~/features/settings/index.server";
import { stateCodeOf } from "./gst";
import { buildGstRegister, type GstRegister, parseRegisterMonth, type RegisterMonth } from "./gst-register";

export type MonthRegister = GstRegister & { month: RegisterMonth; b2clThreshold: number };

/**
 * The register of `month` ("2026-11"): its invoices and credit notes, and the values of the earlier invoices
 * its credit notes refer to (they decide CDNUR or B2CS). Throws a RangeError for a month that is not one: the
 * route checks the text first and answers 400.
 */
export async function monthRegister(db: Database, month: string): Promise<MonthRegister> {
  const parsed = parseRegisterMonth(month);
  if (!parsed) throw new RangeError(`Not a month: ${month}`);
  const settings = await readShopSettings(db);
  const supplierStateCode = stateCodeOf(settings.gstState);
  if (!supplierStateCode) throw new Error(`The shop's GST state has no code: ${settings.gstState}`);

  const rows = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(gte(taxDocuments.issuedOn, parsed.first), lt(taxDocuments.issuedOn, parsed.next)))
    .orderBy(asc(taxDocuments.issuedOn), asc(taxDocuments.kind), asc(taxDocuments.sequence));
  const documents = rows.map((row) => row.document);

  const inMonth = new Set(documents.filter((d) => d.kind === "invoice").map((d) => d.number));
  const earlier = [
    ...new Set(
      documents.flatMap((d) => (d.refersTo && !inMonth.has(d.refersTo.number) ? [d.refersTo.number] : [])),
    ),
  ];
  const earlierInvoiceValues = new Map<string, number>();
  if (earlier.length > 0) {
    const values = await db
      .select({ number: taxDocuments.number, amount: taxDocuments.amount })
      .from(taxDocuments)
      .where(and(eq(taxDocuments.kind, "invoice"), inArray(taxDocuments.number, earlier)));
    for (const value of values) earlierInvoiceValues.set(value.number, value.amount);
  }

  return {
    ...buildGstRegister({
      documents,
      earlierInvoiceValues,
      b2clThreshold: settings.b2clThreshold,
      supplierStateCode,
    }),
    month: parsed,
    b2clThreshold: settings.b2clThreshold,
  };
}
