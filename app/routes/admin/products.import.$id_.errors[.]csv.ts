import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { importErrorsCsv, importGone, keptImport } from "~/features/catalogue/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { parseId } from "~/lib/params";

/** An upload's errors as a CSV file (row, column, value, message), for its uploader to mend the sheet by. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireBackOffice(request);
  const id = parseId(params.id);
  const kept = id === undefined ? undefined : await keptImport(await getDb(), member.id, id);
  if (!kept) throw importGone();
  return new Response(`\uFEFF${importErrorsCsv(kept)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="import-errors-${kept.id}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
