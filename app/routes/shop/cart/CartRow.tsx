import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { TrashIcon } from "~/components/icons";
import { FALLBACK_IMAGE, productAdminMessages } from "~/features/catalogue";
import type { CartLine } from "~/features/lists/index.server";
import { changedSinceRender } from "~/lib/changed-before-hydration";
import { isAllowedQuantity, MAX_QUANTITY, MIN_QUANTITY } from "~/lib/limits";
import { fieldMessages } from "~/lib/messages";
import { formatRupees } from "~/lib/money";

/**
 * One cart line. Without JavaScript the quantity has its own Update button; with it, a valid quantity is
 * saved shortly after it is typed, and the row and subtotal follow at once.
 */
export function CartRow({ line, hidden }: { line: CartLine; hidden: boolean }) {
  const update = useFetcher();
  const remove = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const [typed, setTyped] = useState(String(line.quantity));
  const [scripted, setScripted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const quantityRef = useRef<HTMLInputElement>(null);
  useEffect(() => setScripted(true), []);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A refused or reloaded quantity puts the box back to what the cart really holds.
  const saving = update.state !== "idle";
  useEffect(() => {
    if (!saving) setTyped(String(line.quantity));
  }, [line.quantity, saving]);
  // A quantity typed while the scripts were loading is saved now, as it would have been then (after the
  // line above has run once, or it would put the box back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates
  useEffect(() => {
    const input = quantityRef.current;
    if (input && changedSinceRender(input)) onQuantityChange(input.value);
  }, []);

  const typedNumber = Number(typed);
  const valid = isAllowedQuantity(typedNumber);
  const quantityId = `quantity-${line.id}`;

  function onQuantityChange(value: string) {
    setTyped(value);
    clearTimeout(timer.current);
    const n = Number(value);
    if (!isAllowedQuantity(n) || n === line.quantity) return;
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
            {line.available ? (
              <Link to={`/product/${line.productId}`} className="cart-product-title">
                {line.title}
              </Link>
            ) : (
              <>
                <span className="cart-product-title">{line.title}</span>
                <p className="field-error">{productAdminMessages.noLongerAvailable}</p>
              </>
            )}
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
              ref={quantityRef}
              id={quantityId}
              type="number"
              name="quantity"
              min={MIN_QUANTITY}
              max={MAX_QUANTITY}
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
            <input type="hidden" name="lineId" value={line.id} />
            <button
              type="submit"
              name="intent"
              value="delete"
              className="delete-button"
              aria-label={`Delete ${line.title} from cart`}
            >
              <TrashIcon />
            </button>
          </remove.Form>
        </div>
        {valid ? null : <p className="field-error">{fieldMessages.quantityRange}</p>}
      </td>
      <td data-label="Total">{formatRupees(line.unitPrice * line.quantity)}</td>
    </tr>
  );
}
