import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { importGone, keptImport, previewPage } from "~/features/catalogue/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { parseId } from "~/lib/params";

/** A page of an upload's preview, for its uploader. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireBackOffice(request);
  const id = parseId(params.id);
  const kept = id === undefined ? undefined : await keptImport(await getDb(), member.id, id);
  if (!kept) throw importGone();
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return json({ preview: previewPage(kept, Number.isSafeInteger(page) ? page : 1) });
}
