import { formatRupees } from "~/lib/money";
import type { DeliveryCheck as Check } from "./delivery-check";

/** What the shop promises the shopper's PIN code, in words: the date, time left, express, cash on delivery. */
export function DeliveryAnswer({ pin, answer }: { pin: string; answer: NonNullable<Check["answer"]> }) {
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
