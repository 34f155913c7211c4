import { Form, Link, useActionData, type useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Field, FieldError } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FALLBACK_IMAGE } from "~/features/catalogue";
import { ADDRESS_FIELD_NAMES, AddressFields, DeliverySummary } from "~/features/delivery";
import { formatRupees } from "~/lib/money";
import type { action } from "./action.server";
import type { loader } from "./loader.server";

type CheckoutData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { pending: true }>;

/**
 * Contact line, the address form with the shipping and payment choices, and the order summary; Place Order
 * goes on to PhonePe, or places a cash-on-delivery order at once.
 */
export function CheckoutForm({
  contact,
  lines,
  subtotal: sub,
  options,
  address,
  paymentError,
  delivery,
  constraint,
}: CheckoutData) {
  const answer = useActionData<typeof action>();
  const [form, fields] = useCheckedForm(
    "address-form",
    answer?.result,
    [...ADDRESS_FIELD_NAMES, "shipping", "payment", "gstin", "businessName"],
    {
      constraint,
      // The saved address was checked by the same schema when it was kept.
      defaultValue: address,
      loadSchema: () => import("~/features/orders/schemas").then((forms) => forms.checkoutSchema),
    },
  );
  const placing = useIsPending();
  const error = answer?.paymentError ?? paymentError;
  // The summary follows the choices when JavaScript runs; without it, each choice's label gives its fee.
  const [shippingChoice, setShippingChoice] = useState(String(fields.shipping.initialValue ?? "standard"));
  const [paymentChoice, setPaymentChoice] = useState(String(fields.payment.initialValue ?? "phonepe"));
  const shippingFee =
    (options.shipping.find((o) => o.choice === shippingChoice) ?? options.shipping[0])?.fee ?? 0;
  const cashFee = paymentChoice === "cod" ? options.cash.fee : 0;
  // Choices made while the scripts were loading (docs/decisions/0033): the summary follows them from the start.
  const formId = form.id;
  useEffect(() => {
    const chosen = (name: string) =>
      document.getElementById(formId)?.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)
        ?.value;
    const shipping = chosen("shipping");
    const payment = chosen("payment");
    if (shipping) setShippingChoice(shipping);
    if (payment) setPaymentChoice(payment);
  }, [formId]);

  return (
    <div className="container page checkout-page">
      <nav aria-label="Checkout steps" className="breadcrumb checkout-steps">
        <Link to="/cart">Cart</Link> / <span aria-current="step">Information</span> / <span>Shipping</span> /{" "}
        <span>Payment</span>
      </nav>
      <h1>Checkout</h1>
      <div className="checkout-layout">
        <section className="checkout-main" aria-labelledby="contact-heading">
          <h2 id="contact-heading">Contact Information</h2>
          <p className="checkout-contact">
            {contact.name} ({contact.email})
          </p>
          <Form
            method="post"
            className="stack-form address-form"
            {...form.props}
            aria-labelledby="address-heading"
          >
            <h2 id="address-heading">Shipping Address</h2>
            <AddressFields fields={fields} />
            {/* Open when the profile kept a business or the GSTIN was refused: the shopper sees it at once. */}
            <details
              className="checkout-business"
              open={Boolean(fields.gstin.initialValue || fields.gstin.errors || fields.businessName.errors)}
            >
              <summary>Buying for a business? Add your GSTIN</summary>
              <Field label="GSTIN (for a business purchase)" field={fields.gstin} autoComplete="off" />
              <Field label="Business name" field={fields.businessName} autoComplete="organization" />
            </details>
            <fieldset className="checkout-choice" aria-describedby={fields.shipping.errorId}>
              <legend>Shipping Method</legend>
              {options.shipping.map((option) => (
                <label key={option.choice} className="choice">
                  <input
                    type="radio"
                    name="shipping"
                    value={option.choice}
                    defaultChecked={shippingChoice === option.choice}
                    onChange={() => setShippingChoice(option.choice)}
                  />
                  <span className="choice-name">
                    {option.method}: {formatRupees(option.fee)}
                  </span>
                  {option.promise ? <span className="choice-note">{option.promise}</span> : null}
                </label>
              ))}
              <FieldError field={fields.shipping} />
            </fieldset>
            <fieldset className="checkout-choice" aria-describedby={fields.payment.errorId}>
              <legend>Payment</legend>
              <label className="choice">
                <input
                  type="radio"
                  name="payment"
                  value="phonepe"
                  defaultChecked={paymentChoice !== "cod"}
                  onChange={() => setPaymentChoice("phonepe")}
                />
                <span className="choice-name">PhonePe</span>
                <span className="choice-note">UPI, cards or net banking, on PhonePe's page</span>
              </label>
              <label className="choice">
                <input
                  type="radio"
                  name="payment"
                  value="cod"
                  disabled={options.cash.refusal !== undefined}
                  defaultChecked={paymentChoice === "cod" && options.cash.refusal === undefined}
                  onChange={() => setPaymentChoice("cod")}
                />
                <span className="choice-name">
                  Cash on delivery{options.cash.fee > 0 ? `: ${formatRupees(options.cash.fee)} fee` : ""}
                </span>
                <span className="choice-note">
                  {options.cash.refusal ?? "Pay in cash when the order reaches you"}
                </span>
              </label>
              <FieldError field={fields.payment} />
            </fieldset>
            <p className="payment-error" role="alert">
              {error}
            </p>
            <div className="form-actions checkout-actions">
              <Link to="/cart">Return to Cart</Link>
              <button type="submit" disabled={placing}>
                {placing ? "Placing order…" : "Place Order"}
              </button>
            </div>
          </Form>
        </section>

        <aside className="checkout-summary" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Order Summary</h2>
          <ul className="summary-lines">
            {lines.map((line) => (
              <li key={line.id} className="summary-line">
                <span className="summary-image">
                  <img src={line.image ?? FALLBACK_IMAGE} alt="" width="56" height="56" />
                  <span className="quantity-badge">
                    <span className="visually-hidden">Quantity </span>
                    {line.quantity}
                  </span>
                </span>
                <span className="summary-title">
                  {line.title}
                  <span className="summary-colour">
                    <span
                      className="colour-dot"
                      style={{ background: line.colour.value }}
                      aria-hidden="true"
                    />
                    {line.colour.name}
                  </span>
                </span>
                <span className="summary-total">{formatRupees(line.unitPrice * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="summary-totals">
            <div>
              <dt>Subtotal</dt>
              <dd data-testid="checkout-subtotal">{formatRupees(sub)}</dd>
            </div>
            <div>
              <dt>Shipping</dt>
              <dd>{formatRupees(shippingFee)}</dd>
            </div>
            {cashFee > 0 ? (
              <div>
                <dt>Cash on delivery fee</dt>
                <dd>{formatRupees(cashFee)}</dd>
              </div>
            ) : null}
            <div className="summary-grand">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatRupees(sub + shippingFee + cashFee)}</dd>
            </div>
          </dl>
          <DeliverySummary check={delivery} />
        </aside>
      </div>
    </div>
  );
}
