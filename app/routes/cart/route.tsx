import { parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useFetchers, useLoaderData } from "@remix-run/react";
import { requireCustomer } from "~/auth.server";
import { Toasts } from "~/components/layout/Toasts";
import { Breadcrumbs } from "~/components/ui/Breadcrumbs";
import { getDb } from "~/db/db.server";
import { subtotal } from "~/lib/cart";
import { cartQuantitySchema } from "~/lib/forms/product";
import { isAllowedQuantity } from "~/lib/limits";
import { failureMessages, fieldMessages, successMessages } from "~/lib/messages";
import { formatRupees } from "~/lib/money";
import { parseId } from "~/lib/params";
import { shop } from "~/lib/shop";
import {
  type CartLine,
  cartLines,
  cartProblemMessage,
  removeCartLine,
  updateCartQuantity,
} from "~/modules/cart/cart.server";
import { describeError } from "~/modules/ops/errors.server";
import { readForm } from "~/read-form.server";
import cartStyles from "~/styles/cart.css";
import { refusal, toasts } from "~/toast.server";
import { CartRow } from "./CartRow";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction = () => [{ title: `Cart | ${shop.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const lines = await cartLines(await getDb(), customer.id);
  return json({ lines, subtotal: subtotal(lines) });
}

/** Quantity changes and deletions; each checks that the line belongs to the signed-in customer. */
export async function action({ request }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const formData = await readForm(request);
  const db = await getDb();
  const somethingWrong = failureMessages.somethingWentWrong;
  try {
    switch (formData.get("intent")) {
      case "delete": {
        const lineId = parseId(String(formData.get("lineId") ?? ""));
        const removed = lineId === undefined ? null : await removeCartLine(db, customer.id, lineId);
        if (!removed?.ok) return refusal(request, { lineId: lineId ?? null }, somethingWrong, 404);
        return toasts().redirectWithSuccess("/cart", successMessages.deletedFromCart, { status: 303 });
      }
      case "update": {
        const submission = parseWithZod(formData, { schema: cartQuantitySchema });
        if (submission.status !== "success") {
          return refusal(request, { lineId: null }, fieldMessages.quantityRange, 400);
        }
        const { lineId, quantity } = submission.value;
        const change = await updateCartQuantity(db, customer.id, lineId, quantity);
        if (!change.ok) {
          const status = change.problem === "no-line" ? 404 : 409;
          const message = change.problem === "no-line" ? somethingWrong : cartProblemMessage(change);
          return refusal(request, { lineId }, message, status);
        }
        return toasts().redirectWithSuccess("/cart", successMessages.cartUpdated, { status: 303 });
      }
      default:
        return refusal(request, { lineId: null }, somethingWrong, 400);
    }
  } catch (error) {
    console.error(`A cart change failed: ${describeError(error)}`);
    return refusal(request, { lineId: null }, somethingWrong, 503);
  }
}

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
        </div>
      ) : null}
    </div>
  );
}
