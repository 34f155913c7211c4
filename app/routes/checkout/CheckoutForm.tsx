import { Form, Link, useActionData, type useLoaderData } from "@remix-run/react";
import { DeliverySummary } from "~/components/delivery/DeliveryAnswer";
import { Field, FieldError } from "~/components/forms/Field";
import { inputProps, selectProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FALLBACK_IMAGE } from "~/lib/catalogue";
import { INDIAN_STATES } from "~/lib/indian-states";
import { formatRupees } from "~/lib/money";
import type { action, loader } from "./route";

type CheckoutData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { pending: true }>;

/** Contact line, the address form and the order summary; Place Order goes on to PhonePe. */
export function CheckoutForm({
  contact,
  lines,
  subtotal: sub,
  shipping,
  address,
  paymentError,
  delivery,
  constraint,
}: CheckoutData) {
  const answer = useActionData<typeof action>();
  const [form, fields] = useCheckedForm(
    "address-form",
    answer?.result,
    ["country", "firstname", "lastname", "address", "other", "city", "state", "pincode"],
    {
      constraint,
      // The saved address was checked by the same schema when it was kept.
      defaultValue: address,
      loadSchema: () => import("~/lib/forms/address").then((forms) => forms.addressSchema),
    },
  );
  const placing = useIsPending();
  const error = answer?.paymentError ?? paymentError;
  const { key: stateKey, ...stateProps } = selectProps(fields.state);
  const { key: countryKey, ...countryProps } = selectProps(fields.country);
  const { key: pinKey, ...pinProps } = inputProps(fields.pincode, { type: "text" });

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
            <div className="field">
              <label htmlFor={fields.country.id}>Country</label>
              <select key={countryKey} {...countryProps}>
                <option value="India">India</option>
              </select>
              <FieldError field={fields.country} />
            </div>
            <div className="field-row">
              <Field label="First Name" field={fields.firstname} autoComplete="given-name" />
              <Field label="Last Name" field={fields.lastname} autoComplete="family-name" />
            </div>
            <Field label="Address" field={fields.address} autoComplete="address-line1" />
            <Field
              label="Apartment, Suite, etc (optional)"
              field={fields.other}
              autoComplete="address-line2"
            />
            <div className="field-row">
              <Field label="City" field={fields.city} autoComplete="address-level2" />
              <div className="field">
                <label htmlFor={fields.state.id}>State</label>
                <select key={stateKey} {...stateProps} autoComplete="address-level1">
                  <option value="">Select State</option>
                  {INDIAN_STATES.map((state) => (
                    <option key={state} value={state}>
                      {state}
                    </option>
                  ))}
                </select>
                <FieldError field={fields.state} />
              </div>
              <div className="field">
                <label htmlFor={fields.pincode.id}>PIN Code</label>
                <input key={pinKey} {...pinProps} inputMode="numeric" autoComplete="postal-code" />
                <FieldError field={fields.pincode} />
              </div>
            </div>
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
              <dd>{formatRupees(shipping)}</dd>
            </div>
            <div className="summary-grand">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatRupees(sub + shipping)}</dd>
            </div>
          </dl>
          <DeliverySummary check={delivery} />
        </aside>
      </div>
    </div>
  );
}
