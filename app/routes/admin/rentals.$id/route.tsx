import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { RentalChargesTable } from "~/features/rentals";
import { formatLongDate } from "~/lib/dates";
import type { loader } from "./loader.server";
import { MoveForms } from "./MoveForms";

export const meta: MetaFunction<typeof loader> = ({ data }) => adminMeta(data?.reference ?? "Rental");

/** The moves are handled in action.server.ts, so the page's JavaScript leaves out what they need. */
export { action } from "./action.server";
/** The page's data is read in loader.server.ts, so its JavaScript leaves out what that needs. */
export { loader } from "./loader.server";

export default function RentalBooking() {
  const booking = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/admin/rentals">All rentals</Link> · <Link to="/admin/rentals/units">Units</Link>
      </p>
      <h1>
        Rental {booking.reference}: {booking.status}
      </h1>
      <p>
        {booking.productId ? (
          <Link to={`/admin/products/${booking.productId}`}>{booking.title}</Link>
        ) : (
          booking.title
        )}
      </p>
      <dl className="admin-facts">
        {booking.facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Units</dt>
          <dd>
            {booking.units.length > 0
              ? booking.units.map((unit) => unit.assetTag).join(", ")
              : "None set aside"}
          </dd>
        </div>
        <div>
          <dt>Deposit</dt>
          <dd>
            {booking.deposit.held} held
            {booking.deductions.length > 0
              ? `; charges ${booking.deductions.map((line) => `${line.label} ${line.amount}`).join(", ")}; back ${booking.deposit.back}`
              : ""}
          </dd>
        </div>
      </dl>
      <MoveForms />
      <section aria-labelledby="payments-heading">
        <h2 id="payments-heading">Payments</h2>
        {booking.charges.length > 0 ? (
          <RentalChargesTable
            charges={booking.charges}
            className="admin-table"
            action={(charge) =>
              charge.recordable ? (
                <Form method="post" action={`/admin/rentals/${booking.id}/charges/${charge.id}`}>
                  <button type="submit" className="button-secondary">
                    Record paid at the counter
                  </button>
                </Form>
              ) : null
            }
          />
        ) : (
          <p>Nothing is billed until the booking is approved.</p>
        )}
        {booking.taxDocuments.length > 0 ? (
          <ul>
            {booking.taxDocuments.map((document) => (
              <li key={document.id}>
                <a href={`/admin/rentals/${booking.id}/tax-documents/${document.id}`} download>
                  {document.label}
                </a>{" "}
                ({document.amount})
              </li>
            ))}
          </ul>
        ) : null}
        {booking.depositReturnedBy ? (
          <p>
            Deposit returned by: {booking.depositReturnedBy === "PhonePe" ? "PhonePe refund" : "the counter"}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading">Documents</h2>
        {booking.documents.length > 0 ? (
          <ul>
            {booking.documents.map((document) => (
              <li key={document.id}>
                <a href={`/admin/rentals/${booking.id}/documents/${document.id}`}>
                  {document.purpose}: {document.kind}
                </a>{" "}
                ({document.type}, {document.size})
              </li>
            ))}
          </ul>
        ) : (
          <p>No documents are kept: they were deleted after the rental ended.</p>
        )}
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        {booking.history.length > 0 ? (
          <ol className="admin-history">
            {booking.history.map((event) => (
              <li key={event.id}>
                {formatLongDate(event.at)}: {event.from ? `${event.from} → ` : ""}
                {event.to}, by {event.who}
                {event.note ? ` (${event.note})` : ""}
              </li>
            ))}
          </ol>
        ) : (
          <p>Requested by the customer; no move yet.</p>
        )}
      </section>
    </>
  );
}
