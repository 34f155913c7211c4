import { Form, useNavigation } from "@remix-run/react";
import { formatRupees } from "~/lib/money";
import type { DeliveryCheck as Check } from "~/modules/delivery/delivery-check.server";

/**
 * "Check delivery": a GET form (`?pin=560034`) that works without JavaScript; with it, Remix answers in place
 * without moving the page. Says by when the order arrives and how long is left to order for that day, or that
 * the shop does not deliver there, or what is wrong with the PIN code typed.
 */
export function DeliveryCheck({ check }: { check: Check | undefined }) {
  const navigation = useNavigation();
  const checking = navigation.state === "loading" && navigation.location.search.includes("pin=");
  const error = check?.error;
  return (
    <section className="delivery-check" aria-labelledby="delivery-check-heading">
      <h2 id="delivery-check-heading">Check delivery</h2>
      <Form method="get" replace preventScrollReset className="delivery-check-form">
        <label htmlFor="delivery-pin">PIN code</label>
        <input
          id="delivery-pin"
          name="pin"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          placeholder="560034"
          defaultValue={check?.pin ?? ""}
          key={check?.pin ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "delivery-pin-error" : undefined}
        />
        <button type="submit" className="button button-secondary" disabled={checking}>
          Check delivery
        </button>
      </Form>
      {error ? (
        <p id="delivery-pin-error" className="field-error">
          {error}
        </p>
      ) : null}
      <div role="status" className="delivery-answer">
        {check?.answer ? <DeliveryAnswer pin={check.pin} answer={check.answer} /> : null}
      </div>
    </section>
  );
}

function DeliveryAnswer({ pin, answer }: { pin: string; answer: NonNullable<Check["answer"]> }) {
  if (!answer.served) return <p className="delivery-refused">{answer.message}</p>;
  return (
    <>
      <p className="delivery-date">
        <strong>{answer.deliverBy}</strong>
        <span className="delivery-place">
          {" "}
          to {pin}
          {answer.place ? ` (${answer.place})` : null}
        </span>
      </p>
      {answer.orderWithin ? <p className="delivery-cutoff">{answer.orderWithin}</p> : null}
      {answer.express ? (
        <p className="delivery-express">
          {answer.express.deliverBy} for {formatRupees(answer.express.fee)}
        </p>
      ) : null}
      <p className="delivery-cod">
        {answer.cashOnDelivery ? "Cash on delivery available" : "Cash on delivery is not available here"}
      </p>
    </>
  );
}

/** The promise for the shopper's PIN code, without the form: for the checkout's summary. */
export function DeliverySummary({ check }: { check: Check | undefined }) {
  if (!check?.answer) return null;
  return (
    <section className="delivery-summary" aria-label="Delivery">
      <DeliveryAnswer pin={check.pin} answer={check.answer} />
    </section>
  );
}
