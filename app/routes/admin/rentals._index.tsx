import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminList } from "~/components/admin/AdminList";
import { adminMeta } from "~/components/admin/admin-meta";
import { FilterSelect, optionsOf } from "~/components/admin/FilterSelect";
import { getDb } from "~/db/db.server";
import { BOOKING_STATUS_TEXT, RENTAL_BOOKING_STATUSES } from "~/features/rentals";
import { listBookings, rentalListSchema } from "~/features/rentals/index.server";
import { readAdminList } from "~/lib/admin-list.server";
import { formatLongDate } from "~/lib/dates";

export const meta: MetaFunction = () => adminMeta("Rentals");

/** Rental bookings, newest first; the status filter and the page live in the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters } = await readAdminList(request, rentalListSchema);
  const list = await listBookings(await getDb(), filters);
  return json({ status: filters.status ?? null, ...list });
}

export default function Rentals() {
  const { status, rows, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Rentals</h1>
      <p>
        <Link to="/admin/rentals/units">Units register</Link>: the machines rented out, their condition and
        history.
      </p>
      <AdminList
        filters={{
          label: "Filter rentals",
          fields: (
            <>
              <FilterSelect
                label="Status"
                name="status"
                value={status}
                everything="Every status"
                options={optionsOf(RENTAL_BOOKING_STATUSES, (value) => BOOKING_STATUS_TEXT[value])}
              />
              <button type="submit" className="button-small">
                Show
              </button>
            </>
          ),
        }}
        count={<p className="admin-count">{total === 1 ? "1 booking" : `${total} bookings`}</p>}
        table={
          rows.length > 0 ? (
            <table className="admin-table admin-list">
              <caption className="visually-hidden">Rental bookings, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Reference</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Product</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Start</th>
                  <th scope="col">Status</th>
                  <th scope="col">Requested</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td data-label="Reference">
                      <Link to={`/admin/rentals/${row.id}`}>{row.reference}</Link>
                    </td>
                    <td data-label="Customer">
                      {row.customer}
                      <br />
                      {row.email}
                    </td>
                    <td data-label="Product">{row.title}</td>
                    <td data-label="Plan">{row.plan}</td>
                    <td data-label="Start">{row.start}</td>
                    <td data-label="Status">{row.status}</td>
                    <td data-label="Requested">{formatLongDate(row.requestedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null
        }
        empty={
          <p>
            {status
              ? `No bookings are ${BOOKING_STATUS_TEXT[status].toLowerCase()}.`
              : "No rental bookings yet."}
          </p>
        }
        pages={{ page, pages, label: "Rental pages" }}
      />
    </>
  );
}
