import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOwner } from "~/auth.server";
import { getDb } from "~/db/db.server";
import { zoneRow } from "~/lib/zones";
import { listZones } from "~/modules/settings/zones-admin.server";

/** Owners only, as the settings: every zone, as the page lists it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const zones = await listZones(await getDb());
  return json({
    zones: zones.map(zoneRow),
  });
}
