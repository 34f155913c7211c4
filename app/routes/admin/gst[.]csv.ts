import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { gstRegisterMessages, gstSectionCsv, isGstSection, parseRegisterMonth } from "~/features/invoices";
import { monthRegister } from "~/features/invoices/index.server";
import { requireBackOffice } from "~/lib/auth.server";

const refuse = (message: string) =>
  new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/**
 * One table of a month's GST register as a CSV file (owners only, as the page): `?month=2026-11&section=b2b`
 * (b2b, b2cl, b2cs, cdnr, cdnur or hsn), one file per table as GSTN's offline tool imports them. UTF-8 with a
 * byte-order mark so spreadsheets read buyers' names right, as the shop's other CSV files.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const params = new URL(request.url).searchParams;
  const month = parseRegisterMonth(params.get("month"));
  if (!month) return refuse(gstRegisterMessages.badMonth);
  const section = params.get("section");
  if (!isGstSection(section)) return refuse(gstRegisterMessages.badSection);
  const csv = gstSectionCsv(await monthRegister(await getDb(), month.month), section);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="gstr1-${month.month}-${section}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
