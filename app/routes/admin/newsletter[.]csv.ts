import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { subscribersCsv } from "~/features/content/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { formatSortableDate } from "~/lib/dates";

/** The subscribed addresses as a CSV file (a download, UTF-8 with a byte-order mark so spreadsheets read it so). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const csv = await subscribersCsv(await getDb());
  // India's date, as the shop counts days.
  const day = formatSortableDate(new Date()).slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
