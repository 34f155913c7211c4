import { Form, useNavigation } from "@remix-run/react";
import { DeliveryAnswer } from "./DeliveryAnswer";
import type { DeliveryCheck as Check } from "./delivery-check";

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
