import { Form, Link } from "@remix-run/react";
import type { RentalOfferView } from "./offer-view";

/**
 * A rental product's offer on its page, in place of the purchase form: a rental is booked, never put in the
 * cart. The figures come worded from the server (offer-view.ts). The plan and the units chosen here open the
 * booking form (a GET form: it works without JavaScript and keeps the product page light).
 */
export function RentalOfferPanel({
  view,
  bookHref,
  askHref,
}: {
  view: RentalOfferView;
  bookHref: string;
  askHref: string;
}) {
  return (
    <section className="rental-offer" aria-labelledby="rental-heading">
      <h2 id="rental-heading">{view.heading}</h2>
      {view.kind === "on-request" ? (
        <p>{view.text}</p>
      ) : (
        <>
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
            {view.terms.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="hint">{view.upFrontNote}</p>
          <Form method="get" action={bookHref} className="rental-book">
            <label>
              Tenure{" "}
              <select name="months" defaultValue={view.plans[0]?.months}>
                {view.plans.map((plan) => (
                  <option key={plan.months} value={plan.months}>
                    {plan.tenure}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Units{" "}
              <input
                type="number"
                name="units"
                min={1}
                max={view.maxUnits}
                defaultValue={1}
                inputMode="numeric"
              />
            </label>
            <button type="submit" className="button">
              Book this rental
            </button>
          </Form>
        </>
      )}
      <p className="hint">
        {view.quote} <Link to={askHref}>Ask us for a quote</Link>.
      </p>
    </section>
  );
}
