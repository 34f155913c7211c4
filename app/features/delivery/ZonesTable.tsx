import { Link } from "@remix-run/react";
import type { ZoneRow } from "./zones";

/** The delivery zones as a table; on the zones page each name opens the zone's form. */
export function ZonesTable({ zones, linkNames = false }: { zones: ZoneRow[]; linkNames?: boolean }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">Delivery zones</caption>
        <thead>
          <tr>
            <th scope="col">Zone</th>
            <th scope="col">PIN codes</th>
            <th scope="col">Delivers</th>
            <th scope="col">Standard (business days)</th>
            <th scope="col">Express</th>
            <th scope="col">Cash on delivery</th>
          </tr>
        </thead>
        <tbody>
          {zones.map((zone) => (
            <tr key={zone.id}>
              <th scope="row">
                {linkNames ? <Link to={`/admin/zones/${zone.id}`}>{zone.name}</Link> : zone.name}
              </th>
              <td className="admin-code">{zone.pinList}</td>
              <td>{zone.delivers ? "Yes" : "No"}</td>
              <td>{zone.standard}</td>
              <td>{zone.express}</td>
              <td>{zone.cashOnDelivery ? "Yes" : "No"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
