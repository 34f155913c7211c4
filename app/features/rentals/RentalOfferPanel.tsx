import { Link } from "@remix-run/react";
import type { RentalOfferView } from "./offer-view";

/**
 * A rental product's offer on its page, in place of the purchase form: a rental is booked, never put in the
 * cart. The figures come worded from the server (offer-view.ts).
 */
export function RentalOfferPanel({ view, askHref }: { view: RentalOfferView; askHref: string }) {
  if (view.kind === "on-request") {
    return (
      <section className="rental-offer" aria-labelledby="rental-heading">
        <h2 id="rental-heading">Rent this</h2>
        <p>{view.text}</p>
        <Link to={askHref} className="button">
          Ask for a quote
        </Link>
      </section>
    );
  }
  return (
    <section className="rental-offer" aria-labelledby="rental-heading">
      <h2 id="rental-heading">Rental plans</h2>
      <table className="rental-plans">
        <caption className="visually-hidden">Monthly rent by tenure, GST included</caption>
        <thead>
          <tr>
            <th scope="col">Tenure</th>
            <th scope="col">Monthly rent</th>
            <th scope="col">Paid up front</th>
          </tr>
        </thead>
        <tbody>
          {view.plans.map((plan) => (
            <tr key={plan.tenure}>
              <th scope="row">{plan.tenure}</th>
              <td>
                {plan.rent}
                {plan.saving ? <span className="rental-saving"> {plan.saving}</span> : null}
              </td>
              <td>{plan.upFront}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="rental-terms">
        <dt>Refundable deposit</dt>
        <dd>{view.deposit}</dd>
        <dt>Minimum tenure</dt>
        <dd>{view.minimum}</dd>
        <dt>Closing early</dt>
        <dd>{view.closure}</dd>
      </dl>
      <p className="hint">
        Paid up front: the first month&apos;s rent (GST included) and the deposit, per unit.
      </p>
      <Link to={askHref} className="button">
        Ask to rent
      </Link>
    </section>
  );
}
