import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminList } from "~/components/admin/AdminList";
import { adminMeta } from "~/components/admin/admin-meta";
import { getDb } from "~/db/db.server";
import { REFUND_STATE_LABELS } from "~/features/orders";
import { unorderedRefunds } from "~/features/orders/index.server";
import { unorderedRefundsSchema } from "~/features/orders/schemas";
import { readAdminList } from "~/lib/admin-list.server";
import { formatLongDate } from "~/lib/dates";
import { formatRupees } from "~/lib/money";

export const meta: MetaFunction = () => adminMeta("Refunds without an order");

/**
 * Staff and owners, read only: payments that never became an order and whose money is not settled yet (an
 * order's own refund is on the order's page). PhonePe refunds the stock-race ones by itself; a failed refund or
 * a payment of the wrong amount is for the dealer to settle with the customer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters } = await readAdminList(request, unorderedRefundsSchema, { tidy: false });
  const list = await unorderedRefunds(await getDb(), filters.page);
  return json({
    ...list,
    rows: list.rows.map((row) => ({
      ...row,
      paidOn: formatLongDate(row.createdAt),
      changed: formatLongDate(row.updatedAt),
      amount: formatRupees(row.amount),
      refund: row.refund
        ? {
            ...row.refund,
            amount: formatRupees(row.refund.amount),
            label: REFUND_STATE_LABELS[row.refund.state],
          }
        : null,
    })),
  });
}

export default function UnorderedRefunds() {
  const { rows, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Refunds without an order</h1>
      <p className="admin-intro">
        Payments that never became an order: an item ran out of stock while the customer paid (PhonePe refunds
        the whole amount by itself), or PhonePe reported an amount other than the order's. They stay here
        until PhonePe completes the refund; a failed refund or a wrong amount is yours to settle with the
        customer. Refunds of orders are on each order's page.
      </p>
      <AdminList
        table={
          total === 0 ? null : (
            <table className="admin-table admin-card-table">
              <caption className="visually-hidden">
                Payments without an order whose money is not settled
              </caption>
              <thead>
                <tr>
                  <th scope="col">PhonePe merchantOrderId</th>
                  <th scope="col">Paid on</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Refund</th>
                  <th scope="col">PhonePe refund id</th>
                  <th scope="col">Last change</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.merchantOrderId}>
                    <th scope="row" data-label="merchantOrderId" className="admin-code">
                      {row.merchantOrderId}
                    </th>
                    <td data-label="Paid on">{row.paidOn}</td>
                    <td data-label="Customer">
                      <div>
                        {row.customer}
                        {row.email && row.mobile ? (
                          <span className="admin-subtext">
                            <a href={`mailto:${row.email}`}>{row.email}</a> ·{" "}
                            <a href={`tel:+91${row.mobile}`}>{row.mobile}</a>
                          </span>
                        ) : null}
                      </div>
                    </td>
                    <td data-label="Paid" className="admin-money">
                      {row.amount}
                    </td>
                    <td data-label="Refund">
                      {row.refund
                        ? `${row.refund.amount}: ${row.refund.label}`
                        : "None: PhonePe reported another amount. Refund it by hand."}
                    </td>
                    <td data-label="Refund id" className="admin-code">
                      {row.refund?.refundId ?? "—"}
                    </td>
                    <td data-label="Last change">{row.changed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
        empty={<p className="admin-count">Nothing to settle: no open or failed refunds without an order.</p>}
        pages={{ page, pages, label: "Refund list pages" }}
      />
    </>
  );
}
