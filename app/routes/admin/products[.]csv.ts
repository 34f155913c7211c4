import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { catalogueCsv, parseAdminProductFilters } from "~/features/catalogue/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { formatSortableDate } from "~/lib/dates";

/**
 * The product list as a CSV file, every page of what its filters show (the list's own query string), in the
 * columns the import reads back (app/features/catalogue/bulk/catalogue-csv.ts). UTF-8 with a byte-order mark,
 * so a spreadsheet reads ₹ and Kannada. Owners and staff, as the list.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const filters = parseAdminProductFilters(new URL(request.url).searchParams);
  const csv = await catalogueCsv(await getDb(), filters);
  // India's date, as the shop counts days.
  const day = formatSortableDate(new Date()).slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalogue-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
