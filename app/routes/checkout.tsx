import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireCustomer } from "~/auth.server";
import { Field, FieldError } from "~/components/forms/Field";
import { FALLBACK_IMAGE } from "~/components/product/ProductCard";
import { getDb } from "~/db/db.server";
import { subtotal } from "~/lib/cart";
import { type AddressValues, addressSchema } from "~/lib/forms/address";
import { INDIAN_STATES } from "~/lib/indian-states";
import { formatRupees } from "~/lib/money";
import { SHIPPING_FEE_PAISE, shop } from "~/lib/shop";
import { saveAddress, savedAddress } from "~/modules/accounts/customers.server";
import { cartLines } from "~/modules/cart/cart.server";
import {
  paymentMessages,
  returnFromPhonePe,
  startCheckoutPayment,
} from "~/modules/orders/payment-flow.server";
import { readForm } from "~/read-form.server";
import cartStyles from "~/styles/cart.css";
import checkoutStyles from "~/styles/checkout.css";
import { toasts } from "~/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: cartStyles },
  { rel: "stylesheet", href: checkoutStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Checkout | ${shop.name}` },
  // The "being confirmed" page reloads itself (a meta refresh: it works without JavaScript), less often as it ages.
  ...(data?.pending ? [{ httpEquiv: "refresh", content: String(data.refreshSeconds) } as const] : []),
];

/**
 * The checkout page, and PhonePe's way back: with `merchantTransactionId` in the query the payment is checked
 * with PhonePe and finished (once, whoever gets there first), then the shopper lands on My Orders.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const db = await getDb();
  const url = new URL(request.url);
  const merchantOrderId =
    url.searchParams.get("merchantTransactionId") ?? url.searchParams.get("merchantOrderId");
  let paymentError: string | null = null;
  if (merchantOrderId) {
    const back = await returnFromPhonePe(db, customer.id, merchantOrderId);
    switch (back.kind) {
      case "ordered":
        return toasts().redirectWithSuccess("/my-orders", paymentMessages.ordered, { status: 303 });
      case "pending":
        return json({
          pending: true as const,
          merchantOrderId,
          refreshSeconds: back.refreshSeconds,
          note: back.note,
          retry: back.retry,
        });
      case "failed":
        paymentError = back.message;
    }
  }
  const lines = await cartLines(db, customer.id);
  if (lines.length === 0) throw redirect("/cart", { status: 303 });
  const saved = await savedAddress(db, customer.id);
  return json({
    pending: false as const,
    contact: { name: `${customer.firstname} ${customer.lastname}`, email: customer.email },
    lines,
    subtotal: subtotal(lines),
    shipping: SHIPPING_FEE_PAISE,
    address: saved ?? {
      firstname: customer.firstname,
      lastname: customer.lastname,
      country: "India",
    },
    paymentError,
  });
}

/** Place Order: keeps the address, records the payment attempt from the database cart and goes to PhonePe. */
export async function action({ request }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const submission = parseWithZod(await readForm(request, addressSchema), { schema: addressSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), paymentError: null }, { status: 400 });
  }
  const db = await getDb();
  const address = submission.value;
  await saveAddress(db, customer.id, address);
  const started = await startCheckoutPayment(db, customer.id, address);
  if (started.ok) return redirect(started.redirectUrl, { status: 303 });
  if (started.emptyCart) return redirect("/cart", { status: 303 });
  return json({ result: submission.reply(), paymentError: started.message }, { status: 502 });
}

export default function Checkout() {
  const data = useLoaderData<typeof loader>();
  if (data.pending) return <PaymentPending note={data.note} retry={data.retry} />;
  return <CheckoutForm {...data} />;
}

function PaymentPending({
  note,
  retry,
}: {
  note: string | null;
  retry: { reason: string; paymentUrl: string } | null;
}) {
  return (
    <div className="container page checkout-page">
      <section className="payment-pending" aria-live="polite">
        <h1>Confirming your payment…</h1>
        <p>
          PhonePe has not confirmed your payment yet. This page checks again every few seconds; please keep it
          open. Your cart is kept until the payment is settled.
        </p>
        {note ? <p className="payment-note">{note}</p> : null}
        {retry ? (
          <p className="payment-error" role="alert">
            Your last try on PhonePe did not go through ({retry.reason}). PhonePe keeps your order open:{" "}
            <a href={retry.paymentUrl}>Pay again on PhonePe</a>.
          </p>
        ) : null}
        <p>
          <Link to="/my-orders">See My Orders</Link> · <Link to="/cart">Back to Cart</Link>
        </p>
      </section>
    </div>
  );
}

type CheckoutData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { pending: true }>;

function CheckoutForm({ contact, lines, subtotal: sub, shipping, address, paymentError }: CheckoutData) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<AddressValues>({
    id: "address-form",
    lastResult: answer?.result,
    // The saved address was checked by the same schema when it was kept.
    defaultValue: address as Partial<AddressValues>,
    constraint: getZodConstraint(addressSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressSchema }),
  });
  const placing = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = answer?.paymentError ?? paymentError;
  const { key: stateKey, ...stateProps } = getSelectProps(fields.state);
  const { key: countryKey, ...countryProps } = getSelectProps(fields.country);
  const { key: pinKey, ...pinProps } = getInputProps(fields.pincode, { type: "text" });

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
            {...getFormProps(form)}
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
        </aside>
      </div>
    </div>
  );
}
