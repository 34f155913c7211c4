import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import type { TaxAmounts } from "~/features/invoices";
import {
  type DocumentSection,
  GST_SECTION_LABELS,
  GST_SECTIONS,
  gstRegisterMessages,
  parseRegisterMonth,
  returnDate,
  type SectionTotals,
  shopMonthOf,
} from "~/features/invoices";
import { monthRegister } from "~/features/invoices/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { formatRupeeFigures } from "~/lib/money";

const SECTION_NAMES: Record<DocumentSection, string> = {
  b2b: "B2B",
  b2cl: "B2CL",
  b2cs: "B2CS",
  cdnr: "CDNR",
  cdnur: "CDNUR",
};

const money = (amounts: TaxAmounts) => ({
  taxable: formatRupeeFigures(amounts.taxable),
  igst: formatRupeeFigures(amounts.igst),
  cgst: formatRupeeFigures(amounts.cgst),
  sgst: formatRupeeFigures(amounts.sgst),
  amount: formatRupeeFigures(amounts.amount),
});

/**
 * Owners only: the month's register (default: this month in India). A month that is not one is 400 with the
 * form and a message, never a 500.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const asked = new URL(request.url).searchParams.get("month") || shopMonthOf(new Date());
  const month = parseRegisterMonth(asked);
  if (!month) {
    return json({ asked: asked.slice(0, 20), problem: gstRegisterMessages.badMonth, register: null }, 400);
  }
  const register = await monthRegister(await getDb(), month.month);
  const totals = (section: (typeof GST_SECTIONS)[number], sums: SectionTotals) => ({
    section,
    label: GST_SECTION_LABELS[section],
    documents: sums.documents,
    rows: sums.rows,
    ...money(sums),
    csv: `/admin/gst.csv?month=${month.month}&section=${section}`,
  });
  return json({
    asked: month.month,
    problem: null,
    register: {
      label: month.label,
      empty: register.documents.length === 0,
      emptyText: gstRegisterMessages.empty(month.label),
      threshold: formatRupeeFigures(register.b2clThreshold),
      sections: GST_SECTIONS.map((section) => totals(section, register.totals[section])),
      net: money(register.net),
      documents: register.documents.map((document) => ({
        number: document.number,
        kind: document.kind === "invoice" ? "Invoice" : "Credit note",
        date: returnDate(document.issuedOn),
        buyer: document.buyer,
        gstin: document.gstin,
        section: SECTION_NAMES[document.section],
        refersTo: document.refersTo,
        amount: formatRupeeFigures(document.amount),
        href: document.rental ? `/admin/rentals/${document.orderId}` : `/admin/orders/${document.orderId}`,
      })),
    },
  });
}
