import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { getDb } from "~/db/db.server";
import { customerOrders } from "~/features/orders/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { formatLongDate } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { shop } from "~/lib/shop";
import ordersStyles from "~/styles/orders.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: MetaFunction = () => [{ title: `My Orders | ${shop.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const orders = await customerOrders(await getDb(), customer.id);
  return json({
    orders: orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
  });
}

export default function MyOrders() {
  const { orders } = useLoaderData<typeof loader>();
  return (
    <div className="container page orders-page">
      <Breadcrumbs current="My Orders" />
      <h1>My Orders</h1>
      <p className="my-rentals-links">
        Rentals are booked apart: see <Link to="/my-rentals">My Rentals</Link>.
      </p>
      {orders.length === 0 ? (
        <div className="orders-empty">
          <p className="empty-state">You have not ordered anything yet.</p>
          <Link to="/product" className="button">
            Continue To Shopping
          </Link>
        </div>
      ) : (
        <ol className="order-list">
          {orders.map((order) => (
            <li key={order.id} className="order-card" aria-labelledby={`order-${order.id}`}>
              <dl className="order-head">
                <div>
                  <dt>Order Id</dt>
                  <dd id={`order-${order.id}`}>#{order.id}</dd>
                </div>
                <div>
                  <dt>Total Amount</dt>
                  <dd>{formatRupees(order.totalPrice)}</dd>
                </div>
                <div>
                  <dt>Total Amount after Discount</dt>
                  <dd>{formatRupees(order.totalPriceAfterDiscount)}</dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>
                    <span className="order-status">{order.status}</span>
                  </dd>
                </div>
              </dl>
              <p className="order-date">
                Ordered on <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
              </p>
              <p className="order-delivery">{order.delivery}</p>
              {order.cash ? <p className="order-cash">{order.cash}</p> : null}
              {order.documents.invoice || order.documents.creditNote ? (
                <p className="order-documents">
                  {order.documents.invoice ? (
                    <a href={`/my-orders/${order.id}/documents/invoice/pdf`}>Tax invoice</a>
                  ) : null}
                  {order.documents.creditNote ? (
                    <a href={`/my-orders/${order.id}/documents/credit-note/pdf`}>Credit note</a>
                  ) : null}
                </p>
              ) : null}
              {order.courier || order.trackingNumber ? (
                <p className="order-shipping">
                  Shipped{order.courier ? ` with ${order.courier}` : ""}
                  {order.trackingNumber ? (
                    <>
                      , tracking number <span className="order-tracking">{order.trackingNumber}</span>
                    </>
                  ) : null}
                </p>
              ) : null}
              <table className="order-items">
                <caption className="visually-hidden">Items of order #{order.id}</caption>
                <thead>
                  <tr>
                    <th scope="col">Product Name</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Price</th>
                    <th scope="col">Color</th>
                  </tr>
                </thead>
                <tbody>
                  {order.items.map((item) => (
                    <tr key={item.id}>
                      <td>{item.title}</td>
                      <td>{item.quantity}</td>
                      <td>{formatRupees(item.unitPrice)}</td>
                      <td>
                        <span className="order-colour">
                          <span
                            className="colour-dot"
                            style={{ background: item.colourValue }}
                            aria-hidden="true"
                          />
                          {item.colourName}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
