import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { zoneInputOf } from "~/features/delivery";
import { zoneForEdit } from "~/features/delivery/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { parseId } from "~/lib/params";
import { notFound } from "./action.server";

/** The zone as the form shows it; `?delete` asks to confirm deleting it (a step that needs no script). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const zone = await zoneForEdit(await getDb(), id);
  if (!zone) throw notFound();
  const input = zoneInputOf(zone);
  return json({
    zone: { id: zone.id, name: zone.name, version: zone.version },
    defaults: {
      ...input,
      delivers: input.delivers ? "on" : undefined,
      cashOnDelivery: input.cashOnDelivery ? "on" : undefined,
    },
    confirmDelete: new URL(request.url).searchParams.has("delete"),
  });
}
