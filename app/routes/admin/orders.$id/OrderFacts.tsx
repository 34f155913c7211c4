import type { SerializeFrom } from "@remix-run/node";
import { formatRupees } from "~/lib/money";
import type { loader } from "./loader.server";

type Order = SerializeFrom<typeof loader>["order"];

/** What was ordered, what was paid and how, who ordered it and where it goes. */
export function OrderFacts({ order }: { order: Order }) {
  const { amounts, customer, shippingAddress: to, payment } = order;
  return (
    <>
      <section className="admin-panel admin-panel-wide" aria-labelledby="items-heading">
        <h2 id="items-heading">Items</h2>
        <table className="admin-table admin-card-table">
          <caption className="visually-hidden">Items of order #{order.id}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Colour</th>
              <th scope="col">Quantity</th>
              <th scope="col">Unit price</th>
              <th scope="col">Line total</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id}>
                <th scope="row" data-label="Product">
                  {item.title}
                </th>
                <td data-label="Colour">
                  <span className="admin-colour">
                    <span
                      className="admin-swatch"
                      style={{ background: item.colourValue }}
                      aria-hidden="true"
                    />
                    {item.colourName}
                  </span>
                </td>
                <td data-label="Quantity">{item.quantity}</td>
                <td data-label="Unit price" className="admin-money">
                  {formatRupees(item.unitPrice)}
                </td>
                <td data-label="Line total" className="admin-money">
                  {formatRupees(item.unitPrice * item.quantity)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="admin-facts">
          <div>
            <dt>Total at MRP</dt>
            <dd>{formatRupees(amounts.atMrp)}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{formatRupees(amounts.paid)}</dd>
          </div>
          <div>
            <dt>Shipping (in the amount paid)</dt>
            <dd>{formatRupees(amounts.shipping)}</dd>
          </div>
          {amounts.codFee > 0 ? (
            <div>
              <dt>Cash on delivery fee</dt>
              <dd>{formatRupees(amounts.codFee)}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section className="admin-panel" aria-labelledby="customer-heading">
        <h2 id="customer-heading">Customer</h2>
        <dl className="admin-facts">
          <div>
            <dt>Name</dt>
            <dd>{customer.name}</dd>
          </div>
          {customer.email ? (
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${customer.email}`}>{customer.email}</a>
              </dd>
            </div>
          ) : null}
          {customer.mobile ? (
            <div>
              <dt>Mobile</dt>
              <dd>
                <a href={`tel:+91${customer.mobile}`}>{customer.mobile}</a>
              </dd>
            </div>
          ) : null}
        </dl>
        <h3>Shipping address</h3>
        <address className="admin-address">
          {to.firstname} {to.lastname}
          <br />
          {to.address}
          {to.other ? (
            <>
              <br />
              {to.other}
            </>
          ) : null}
          <br />
          {to.city}, {to.state} {to.pincode}
          <br />
          {to.country}
        </address>
      </section>

      <section className="admin-panel" aria-labelledby="payment-heading">
        <h2 id="payment-heading">Payment and shipping</h2>
        <dl className="admin-facts">
          <div>
            <dt>Shipping</dt>
            <dd>{order.delivery}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{payment.method}</dd>
          </div>
          {order.cash ? (
            <div>
              <dt>Order reference</dt>
              <dd className="admin-code">{payment.merchantOrderId}</dd>
            </div>
          ) : (
            <>
              <div>
                <dt>PhonePe merchantOrderId</dt>
                <dd className="admin-code">{payment.merchantOrderId}</dd>
              </div>
              <div>
                <dt>PhonePe order id</dt>
                <dd className="admin-code">{payment.providerOrderId ?? "—"}</dd>
              </div>
              <div>
                <dt>Transaction id</dt>
                <dd className="admin-code">{payment.transactionId ?? "—"}</dd>
              </div>
              <div>
                <dt>Payment state</dt>
                <dd>{payment.state}</dd>
              </div>
            </>
          )}
          <div>
            <dt>Amount</dt>
            <dd>{formatRupees(payment.amount)}</dd>
          </div>
          {order.documents.map((document) => (
            <div key={document.number}>
              <dt>{document.kind === "invoice" ? "Tax invoice" : "Credit note"}</dt>
              <dd>
                <a href={`/admin/orders/${order.id}/documents/${document.kind}`}>{document.number}</a> (
                <a href={`/admin/orders/${order.id}/documents/${document.kind}/pdf`}>PDF</a>)
              </dd>
            </div>
          ))}
          <div>
            <dt>Courier</dt>
            <dd>{order.courier ?? "—"}</dd>
          </div>
          <div>
            <dt>Tracking number</dt>
            <dd className="admin-code">{order.trackingNumber ?? "—"}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
