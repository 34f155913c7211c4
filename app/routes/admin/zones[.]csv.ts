import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { zonesCsv } from "~/features/delivery/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { formatSortableDate } from "~/lib/dates";

/**
 * The delivery zones as a CSV file (owners only, as the zones page), in the columns the import reads back
 * (app/features/delivery/zones-csv.ts); UTF-8 with a byte-order mark so spreadsheets read it so.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const csv = await zonesCsv(await getDb());
  // India's date, as the shop counts days.
  const day = formatSortableDate(new Date()).slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="delivery-zones-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
