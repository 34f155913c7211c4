import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireCustomer } from "~/auth.server";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { getDb } from "~/db/db.server";
import { bookingMessages } from "~/features/rentals";
import { customerBookings, withdrawBooking } from "~/features/rentals/index.server";
import { formatLongDate } from "~/lib/dates";
import { failureMessages } from "~/lib/messages";
import { parseId } from "~/lib/params";
import { shop } from "~/lib/shop";
import { readForm } from "~/read-form.server";
import ordersStyles from "~/styles/orders.css?url";
import { refusal, toasts } from "~/toast.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: MetaFunction = () => [{ title: `My Rentals | ${shop.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  return json({ bookings: await customerBookings(await getDb(), customer.id) });
}

/** Withdraws one of the customer's own requests, before the dealer approves it. */
export async function action({ request }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const form = await readForm(request);
  const bookingId = parseId(String(form.get("bookingId") ?? ""));
  if (form.get("intent") !== "withdraw" || bookingId === undefined) {
    return refusal(request, {}, failureMessages.somethingWentWrong, 400);
  }
  const withdrawn = await withdrawBooking(await getDb(), customer.id, bookingId);
  if (!withdrawn.ok) return refusal(request, {}, bookingMessages.notWithdrawable, 409);
  return toasts().redirectWithSuccess("/my-rentals", bookingMessages.withdrawn(withdrawn.reference), {
    status: 303,
  });
}

export default function MyRentals() {
  const { bookings } = useLoaderData<typeof loader>();
  return (
    <div className="container page orders-page">
      <Breadcrumbs current="My Rentals" />
      <h1>My Rentals</h1>
      <p className="my-rentals-links">
        <Link to="/my-orders">My Orders</Link>
      </p>
      {bookings.length === 0 ? (
        <div className="orders-empty">
          <p className="empty-state">You have not booked a rental yet.</p>
          <Link to="/product?type=rental" className="button">
            See what we rent
          </Link>
        </div>
      ) : (
        <ol className="order-list">
          {bookings.map((booking) => (
            <li key={booking.id} className="order-card" aria-labelledby={`rental-${booking.id}`}>
              <dl className="order-head">
                <div>
                  <dt>Reference</dt>
                  <dd id={`rental-${booking.id}`}>{booking.reference}</dd>
                </div>
                <div>
                  <dt>Plan</dt>
                  <dd>{booking.plan}</dd>
                </div>
                <div>
                  <dt>Due once approved</dt>
                  <dd>{booking.upFront}</dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>
                    <span className="order-status">{booking.status}</span>
                  </dd>
                </div>
              </dl>
              <p className="order-title">
                {booking.productId ? (
                  <Link to={`/product/${booking.productId}`}>{booking.title}</Link>
                ) : (
                  booking.title
                )}
              </p>
              <p className="order-date">
                Requested on <time dateTime={booking.requestedAt}>{formatLongDate(booking.requestedAt)}</time>
                , to start {booking.start}. Refundable deposit: {booking.deposit}.
              </p>
              {booking.reason ? <p className="rental-reason">Reason: {booking.reason}</p> : null}
              {booking.settlement ? <p className="rental-settlement">{booking.settlement}</p> : null}
              {booking.withdrawable ? (
                <Form method="post" className="inline-form">
                  <input type="hidden" name="bookingId" value={booking.id} />
                  <button type="submit" name="intent" value="withdraw" className="button-secondary">
                    Withdraw request
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
