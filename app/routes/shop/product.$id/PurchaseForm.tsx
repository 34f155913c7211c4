import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FieldError } from "~/components/forms/FieldError";
import { useIsPending } from "~/components/forms/use-is-pending";
import { useServerForm } from "~/components/forms/use-server-form";

/** Colour, quantity and Add to Cart; once the product is in the cart, a Go to Cart link instead. */
export function PurchaseForm({
  colours,
  quantities,
  inCart,
  lastResult,
}: {
  colours: { id: number; name: string; value: string }[];
  quantities: number[];
  inCart: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const adding = useIsPending({ intent: "add-to-cart", state: "submitting" });
  // Checked on the server only, so the rules' toast ('Please choose Color') shows with JavaScript too.
  const [form, fields] = useServerForm("add-to-cart", lastResult, ["color", "quantity"]);
  if (inCart) {
    return (
      <div className="purchase-form in-cart">
        <p className="in-cart-note">This product is in your cart.</p>
        <Link to="/cart" className="button add-to-cart-button">
          Go to Cart
        </Link>
      </div>
    );
  }
  if (quantities.length === 0) {
    return <p className="sold-out-note">This product is out of stock just now.</p>;
  }
  return (
    <Form method="post" className="purchase-form" preventScrollReset {...form.props}>
      <fieldset
        className="colour-picker"
        aria-invalid={fields.color.errors ? true : undefined}
        aria-describedby={fields.color.errors ? fields.color.errorId : undefined}
      >
        <legend>Color</legend>
        <div className="colour-options">
          {colours.map((colour) => (
            <label key={colour.id} className="colour-option">
              <input
                type="radio"
                name="color"
                value={colour.id}
                defaultChecked={fields.color.initialValue === String(colour.id)}
              />
              <span className="colour-dot" style={{ background: colour.value }} aria-hidden="true" />
              <span className="colour-name">{colour.name}</span>
            </label>
          ))}
        </div>
        <FieldError field={fields.color} />
      </fieldset>
      <label className="quantity-field">
        Quantity
        <select
          name="quantity"
          defaultValue={fields.quantity.initialValue ?? "1"}
          aria-invalid={fields.quantity.errors ? true : undefined}
          aria-describedby={fields.quantity.errors ? fields.quantity.errorId : undefined}
        >
          {quantities.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <FieldError field={fields.quantity} />
      <button
        type="submit"
        name="intent"
        value="add-to-cart"
        className="add-to-cart-button"
        disabled={adding}
      >
        {adding ? "Adding…" : "Add to Cart"}
      </button>
    </Form>
  );
}
