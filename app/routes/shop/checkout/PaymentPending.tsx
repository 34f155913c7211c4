import { Link } from "@remix-run/react";

/** Shown while PhonePe has not settled the payment; the page reloads itself (see the route's meta). */
export function PaymentPending({
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
