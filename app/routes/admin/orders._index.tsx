import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminList } from "~/components/admin/AdminList";
import { adminMeta } from "~/components/admin/admin-meta";
import { FilterSelect, optionsOf } from "~/components/admin/FilterSelect";
import { getDb } from "~/db/db.server";
import { isFiltered, ORDER_SEARCH_MAX, ORDER_STATUSES, orderListQuery } from "~/features/orders";
import { listOrders } from "~/features/orders/index.server";
import { orderFiltersSchema } from "~/features/orders/schemas";
import { readAdminList } from "~/lib/admin-list.server";
import { formatLongDate } from "~/lib/dates";
import { formatRupees } from "~/lib/money";

export const meta: MetaFunction = () => adminMeta("Orders");

/** Staff and owners: every order, newest first, narrowed by the filters in the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters } = await readAdminList(request, orderFiltersSchema);
  const list = await listOrders(await getDb(), filters);
  return json({
    filters,
    filtered: isFiltered(filters),
    total: list.total,
    page: list.page,
    pages: list.pages,
    rows: list.rows.map((row) => ({
      ...row,
      placed: formatLongDate(row.createdAt),
      paid: formatRupees(row.paid),
    })),
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function OrderList() {
  const { filters, filtered, total, page, pages, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Orders</h1>
      {/* Remounted when the filters change, so its fields show the URL's values after each search. */}
      <AdminList
        filters={{
          label: "Filter orders",
          action: "/admin/orders",
          className: "admin-filters admin-order-filters",
          remountKey: orderListQuery(filters, { page: 1 }),
          fields: (
            <>
              <label className="admin-filter-search">
                Search
                <input
                  type="search"
                  name="q"
                  defaultValue={filters.q ?? ""}
                  maxLength={ORDER_SEARCH_MAX}
                  placeholder="Order id, name, e-mail or phone"
                />
              </label>
              <FilterSelect
                label="Status"
                name="status"
                value={filters.status}
                everything="All statuses"
                options={optionsOf(ORDER_STATUSES, (status) => status)}
              />
              <label>
                From
                <input type="date" name="from" defaultValue={filters.from ?? ""} />
              </label>
              <label>
                To
                <input type="date" name="to" defaultValue={filters.to ?? ""} />
              </label>
              <button type="submit" className="button-small">
                Show
              </button>
              {filtered ? <Link to="/admin/orders">Clear filters</Link> : null}
            </>
          ),
        }}
        count={
          total === 0
            ? filtered
              ? "No orders match these filters."
              : "No orders yet."
            : `${plural(total, "order", "orders")}${filtered ? (total === 1 ? " matches" : " match") : ""}, newest first.`
        }
        table={
          rows.length > 0 ? (
            <table className="admin-table admin-card-table">
              <caption className="visually-hidden">Orders, newest first (page {page})</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Items</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Status</th>
                  <th scope="col">Payment</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" data-label="Order">
                      <Link to={`/admin/orders/${row.id}`}>#{row.id}</Link>
                    </th>
                    <td data-label="Date">{row.placed}</td>
                    <td data-label="Customer">
                      <div>
                        {row.customer}
                        {row.email ? <span className="admin-subtext">{row.email}</span> : null}
                      </div>
                    </td>
                    <td data-label="Items">{row.itemCount}</td>
                    <td data-label="Paid" className="admin-money">
                      {row.paid}
                    </td>
                    <td data-label="Status">
                      <span className="order-status-badge">{row.status}</span>
                    </td>
                    <td data-label="Payment">
                      {row.paymentState}
                      {row.callToConfirm ? (
                        <span className="admin-flag">
                          Call <a href={`tel:+91${row.callToConfirm}`}>{row.callToConfirm}</a> to confirm
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null
        }
        pages={{ page, pages, label: "Order list pages" }}
      />
    </>
  );
}
