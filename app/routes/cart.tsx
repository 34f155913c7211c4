import { parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useFetcher, useFetchers, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { requireCustomer } from "~/auth.server";
import { Toasts } from "~/components/layout/Toasts";
import { FALLBACK_IMAGE } from "~/components/product/ProductCard";
import { getDb } from "~/db/db.server";
import { subtotal } from "~/lib/cart";
import { cartQuantitySchema, productMessages } from "~/lib/forms/product";
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

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction = () => [{ title: `Cart | ${shop.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const lines = await cartLines(await getDb(), customer.id);
  return json({ lines, subtotal: subtotal(lines) });
}

const SOMETHING_WRONG = "Something Went Wrong!";

/** Quantity changes and deletions; each checks that the line belongs to the signed-in customer. */
export async function action({ request }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const formData = await readForm(request);
  const db = await getDb();
  const intent = formData.get("intent");
  try {
    if (intent === "delete") {
      const lineId = parseId(String(formData.get("lineId") ?? ""));
      const removed = lineId === undefined ? null : await removeCartLine(db, customer.id, lineId);
      if (!removed?.ok) return refusal(request, { lineId: lineId ?? null }, SOMETHING_WRONG, 404);
      return toasts().redirectWithSuccess("/cart", "Product Deleted From Cart Successfully!", {
        status: 303,
      });
    }
    if (intent === "update") {
      const submission = parseWithZod(formData, { schema: cartQuantitySchema });
      if (submission.status !== "success") {
        return refusal(request, { lineId: null }, productMessages.quantityRange, 400);
      }
      const { lineId, quantity } = submission.value;
      const change = await updateCartQuantity(db, customer.id, lineId, quantity);
      if (!change.ok) {
        const status = change.problem === "no-line" ? 404 : 409;
        const message = change.problem === "no-line" ? SOMETHING_WRONG : cartProblemMessage(change);
        return refusal(request, { lineId }, message, status);
      }
      return toasts().redirectWithSuccess("/cart", "Product Updated Successfully!", { status: 303 });
    }
  } catch (error) {
    console.error(`A cart change failed: ${describeError(error)}`);
    return refusal(request, { lineId: null }, SOMETHING_WRONG, 503);
  }
  return refusal(request, { lineId: null }, SOMETHING_WRONG, 400);
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
    const updating = change?.get("intent") === "update" && quantity >= 1 && quantity <= 10;
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
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> / <span aria-current="page">Cart</span>
      </nav>
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

/**
 * One cart line. Without JavaScript the quantity has its own Update button; with it, a valid quantity is
 * saved shortly after it is typed, and the row and subtotal follow at once.
 */
function CartRow({ line, hidden }: { line: CartLine; hidden: boolean }) {
  const update = useFetcher();
  const remove = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const [typed, setTyped] = useState(String(line.quantity));
  const [scripted, setScripted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => setScripted(true), []);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A refused or reloaded quantity puts the box back to what the cart really holds.
  const saving = update.state !== "idle";
  useEffect(() => {
    if (!saving) setTyped(String(line.quantity));
  }, [line.quantity, saving]);

  const typedNumber = Number(typed);
  const valid = Number.isInteger(typedNumber) && typedNumber >= 1 && typedNumber <= 10;
  const quantityId = `quantity-${line.id}`;

  function onQuantityChange(value: string) {
    setTyped(value);
    clearTimeout(timer.current);
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 10 || n === line.quantity) return;
    timer.current = setTimeout(() => {
      if (formRef.current) update.submit(formRef.current, { preventScrollReset: true });
    }, 400);
  }

  return (
    <tr className="cart-line" hidden={hidden}>
      <td data-label="Product">
        <div className="cart-product">
          <img src={line.image ?? FALLBACK_IMAGE} alt="" width="72" height="72" />
          <div>
            <Link to={`/product/${line.productId}`} className="cart-product-title">
              {line.title}
            </Link>
            <p className="cart-colour">
              <span className="colour-dot" style={{ background: line.colour.value }} aria-hidden="true" />
              Color: {line.colour.name}
            </p>
          </div>
        </div>
      </td>
      <td data-label="Original Price">
        <s>{formatRupees(line.originalPrice)}</s>
      </td>
      <td data-label="Offer Price">{formatRupees(line.unitPrice)}</td>
      <td data-label="Quantity">
        <div className="cart-quantity">
          <update.Form method="post" ref={formRef} noValidate preventScrollReset className="quantity-form">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="lineId" value={line.id} />
            <label htmlFor={quantityId} className="visually-hidden">
              Quantity of {line.title}
            </label>
            <input
              id={quantityId}
              type="number"
              name="quantity"
              min={1}
              max={10}
              inputMode="numeric"
              value={typed}
              onChange={(event) => onQuantityChange(event.currentTarget.value)}
              aria-invalid={valid ? undefined : true}
            />
            {/* Hidden once JavaScript runs: the quantity then saves as it is typed. */}
            <button
              type="submit"
              className={scripted ? "visually-hidden" : "update-button"}
              tabIndex={scripted ? -1 : undefined}
            >
              Update<span className="visually-hidden"> quantity of {line.title}</span>
            </button>
          </update.Form>
          <remove.Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="lineId" value={line.id} />
            <button type="submit" className="delete-button" aria-label={`Delete ${line.title} from cart`}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M9 3h6l1 2h4v2H4V5h4zm-3 6h12l-1 12H7z" />
              </svg>
            </button>
          </remove.Form>
        </div>
        {valid ? null : <p className="field-error">{productMessages.quantityRange}</p>}
      </td>
      <td data-label="Total">{formatRupees(line.unitPrice * line.quantity)}</td>
    </tr>
  );
}
