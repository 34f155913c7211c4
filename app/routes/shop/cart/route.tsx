import {
  type HeadersFunction,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useFetchers, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { DeliveryCheck } from "~/features/delivery";
import { deliveryCheck } from "~/features/delivery/index.server";
import { subtotal } from "~/features/lists";
import { type CartLine, cartLines } from "~/features/lists/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { isAllowedQuantity } from "~/lib/limits";
import { formatRupees } from "~/lib/money";
import { shop } from "~/lib/shop";
import cartStyles from "~/styles/cart.css?url";
import type { action } from "./action.server";
import { CartRow } from "./CartRow";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction = () => [{ title: `Cart | ${shop.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const db = await getDb();
  const [lines, { check, setCookie }] = await Promise.all([
    cartLines(db, customer.id),
    deliveryCheck(db, request, customer),
  ]);
  return json(
    { lines, subtotal: subtotal(lines), delivery: check },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The form posts are handled in action.server.ts, so the page's JavaScript leaves out what they need. */
export { action } from "./action.server";

/**
 * Lines and subtotal as the shopper will see them once the changes on their way have been saved. A line
 * being deleted stays mounted (hidden), so its fetcher lives on to finish the round trip.
 */
function useOptimisticCart(lines: CartLine[]) {
  const fetchers = useFetchers();
  const pending = new Map<number, FormData>();
  for (const fetcher of fetchers) {
    const lineId = Number(fetcher.formData?.get("lineId"));
    if (fetcher.formData && lineId) pending.set(lineId, fetcher.formData);
  }
  const rows = lines.map((line) => {
    const change = pending.get(line.id);
    const quantity = Number(change?.get("quantity"));
    const updating = change?.get("intent") === "update" && isAllowedQuantity(quantity);
    return { line: updating ? { ...line, quantity } : line, deleting: change?.get("intent") === "delete" };
  });
  const visible = rows.filter((row) => !row.deleting).map((row) => row.line);
  return { rows, visible: visible.length, subtotal: subtotal(visible) };
}

export default function Cart() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { rows, visible, subtotal: total } = useOptimisticCart(data.lines);

  return (
    <div className="container page cart-page">
      <Toasts toast={answer?.toast ?? null} />
      <Breadcrumbs current="Cart" />
      <h1>Your Cart</h1>
      {visible === 0 ? (
        <div className="cart-empty">
          <p className="empty-state">Your cart is empty.</p>
          <Link to="/product" className="button">
            Continue To Shopping
          </Link>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div hidden={visible === 0}>
          <table className="cart-table">
            <caption className="visually-hidden">Products in your cart</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Original Price</th>
                <th scope="col">Offer Price</th>
                <th scope="col">Quantity</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ line, deleting }) => (
                <CartRow key={line.id} line={line} hidden={deleting} />
              ))}
            </tbody>
          </table>
          <div className="cart-footer">
            <Link to="/product" className="button button-secondary">
              Continue To Shopping
            </Link>
            <div className="cart-summary">
              <p className="cart-subtotal">
                SubTotal: <strong data-testid="cart-subtotal">{formatRupees(total)}</strong>
              </p>
              <p className="cart-note">Taxes and shipping calculated at checkout</p>
              <Link to="/checkout" className="button">
                Checkout
              </Link>
            </div>
          </div>
          <DeliveryCheck check={data.delivery} />
        </div>
      ) : null}
    </div>
  );
}
