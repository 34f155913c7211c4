import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { zoneRow } from "~/features/delivery";
import { listZones } from "~/features/delivery/index.server";
import { requireBackOffice } from "~/lib/auth.server";

/** Owners only, as the settings: every zone, as the page lists it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const zones = await listZones(await getDb());
  return json({
    zones: zones.map(zoneRow),
  });
}
