import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireBackOffice } from "~/auth.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { getDb } from "~/db/db.server";
import { bookingForStaff } from "~/features/rentals/index.server";
import { parseId } from "~/lib/params";

export const meta: MetaFunction<typeof loader> = ({ data }) => adminMeta(data?.reference ?? "Rental");

/** One booking: its facts and its documents, which staff open one at a time. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const id = parseId(params.id);
  const booking = id ? await bookingForStaff(await getDb(), id) : undefined;
  if (!booking) throw json({ message: "There is no such rental booking." }, { status: 404 });
  return json(booking);
}

export default function RentalBooking() {
  const booking = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/admin/rentals">All rentals</Link>
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
      </dl>
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
    </>
  );
}
