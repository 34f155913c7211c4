import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useOutlet } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { ZoneImportForm, ZonesTable } from "~/features/delivery";
import type { loader } from "./loader.server";

export const meta: MetaFunction = () => adminMeta("Delivery zones");

/** The page's data comes from loader.server.ts, so its JavaScript leaves out what that needs. */
export { loader } from "./loader.server";

/** The zones, and the CSV file out and in; the import's answer shows in place of its form (the child route). */
export default function AdminZones() {
  const { zones } = useLoaderData<typeof loader>();
  const outlet = useOutlet();
  return (
    <div className="admin-page admin-zones">
      <div className="admin-title-row">
        <h1>Delivery zones</h1>
        <Link to="/admin/zones/new" className="button">
          Add a zone
        </Link>
      </div>
      <p className="admin-intro">
        Where the shop delivers, by PIN code prefixes and ranges, how many business days it takes, and where
        cash on delivery is allowed. Where zones overlap, the narrowest claim wins (then the zone listed
        first). Changes show on the shop within a second. The fees, cut-off and holidays are on the{" "}
        <Link to="/admin/settings">settings</Link> page.
      </p>
      <ZonesTable zones={zones} linkNames />

      <section className="admin-section" aria-labelledby="zones-csv-heading">
        <h2 id="zones-csv-heading">CSV file</h2>
        <p className="admin-hint">
          One row per zone, with the columns name, pin_list, delivers (yes or no), standard_days_min,
          standard_days_max, express_days_min and express_days_max (both empty for no express) and
          cash_on_delivery (yes or no). Edit it in a spreadsheet and save it as CSV (UTF-8).
        </p>
        <p>
          {/* A file download: a plain link, not a client-side navigation. */}
          <a href="/admin/zones.csv" download>
            Download the zones as CSV
          </a>
        </p>
        {outlet ?? <ZoneImportForm />}
      </section>
    </div>
  );
}
