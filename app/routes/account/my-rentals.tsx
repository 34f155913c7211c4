import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { returnFromPhonePe, startRentalPayment } from "~/features/orders/index.server";
import { bookingMessages, RentalChargesTable, rentalPaymentMessages } from "~/features/rentals";
import { customerBookings, withdrawBooking } from "~/features/rentals/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { formatLongDate } from "~/lib/dates";
import { failureMessages } from "~/lib/messages";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { shop } from "~/lib/shop";
import { refusal, toasts } from "~/lib/toast.server";
import ordersStyles from "~/styles/orders.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `My Rentals | ${shop.name}` },
  // Back from PhonePe with the payment not settled yet: the page looks again by itself, without JavaScript too.
  ...(data?.pending ? [{ httpEquiv: "refresh", content: String(data.pending.refreshSeconds) } as const] : []),
];

/**
 * The customer's rentals; with `merchantTransactionId` in the query, PhonePe's way back from paying a charge:
 * the payment is checked and finished once, whoever gets there first.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const db = await getDb();
  const merchantOrderId = new URL(request.url).searchParams.get("merchantTransactionId");
  let pending: { refreshSeconds: number; note: string | null; retryUrl: string | null } | null = null;
  let paymentError: string | null = null;
  if (merchantOrderId) {
    const back = await returnFromPhonePe(db, customer.id, merchantOrderId, { rental: true });
    if (back.kind === "ordered") {
      return toasts().redirectWithSuccess("/my-rentals", rentalPaymentMessages.received, { status: 303 });
    }
    if (back.kind === "pending") {
      pending = {
        refreshSeconds: back.refreshSeconds,
        note: back.note,
        retryUrl: back.retry?.paymentUrl ?? null,
      };
    } else paymentError = back.message;
  }
  return json({ bookings: await customerBookings(db, customer.id), pending, paymentError });
}

/** Pays one of the customer's own due charges with PhonePe, or withdraws a request not yet approved. */
export async function action({ request }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "pay") {
    const chargeId = parseId(String(form.get("chargeId") ?? ""));
    if (chargeId === undefined) return refusal(request, {}, failureMessages.somethingWentWrong, 400);
    const started = await startRentalPayment(await getDb(), customer.id, chargeId);
    if (started.ok) return redirect(started.redirectUrl, { status: 303 });
    return refusal(request, {}, started.message, started.status ?? 502);
  }
  const bookingId = parseId(String(form.get("bookingId") ?? ""));
  if (intent !== "withdraw" || bookingId === undefined) {
    return refusal(request, {}, failureMessages.somethingWentWrong, 400);
  }
  const withdrawn = await withdrawBooking(await getDb(), customer.id, bookingId);
  if (!withdrawn.ok) return refusal(request, {}, bookingMessages.notWithdrawable, 409);
  return toasts().redirectWithSuccess("/my-rentals", bookingMessages.withdrawn(withdrawn.reference), {
    status: 303,
  });
}

export default function MyRentals() {
  const { bookings, pending, paymentError } = useLoaderData<typeof loader>();
  // A refused press without JavaScript comes back with its message inline.
  const answer = useActionData<typeof action>();
  return (
    <div className="container page orders-page">
      <Toasts toast={answer?.toast ?? null} />
      <Breadcrumbs current="My Rentals" />
      <h1>My Rentals</h1>
      {pending ? (
        <section className="payment-pending" aria-live="polite">
          <h2>Confirming your payment…</h2>
          <p>PhonePe has not confirmed your payment yet. This page checks again every few seconds.</p>
          {pending.note ? <p className="payment-note">{pending.note}</p> : null}
          {pending.retryUrl ? (
            <p className="payment-error" role="alert">
              Your last try on PhonePe did not go through. <a href={pending.retryUrl}>Pay again on PhonePe</a>
              .
            </p>
          ) : null}
        </section>
      ) : null}
      {paymentError ? (
        <p className="payment-error" role="alert">
          {paymentError}
        </p>
      ) : null}
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
              {booking.charges.length > 0 ? (
                <RentalChargesTable
                  charges={booking.charges}
                  className="rental-charges"
                  caption="Payments"
                  action={(charge) => (
                    <>
                      {charge.payable ? (
                        <Form method="post" className="inline-form">
                          <input type="hidden" name="chargeId" value={charge.id} />
                          <button type="submit" name="intent" value="pay">
                            Pay {charge.amount} with PhonePe
                          </button>
                        </Form>
                      ) : null}
                      {charge.cashAtDelivery ? (
                        <p className="rental-cash">Or pay it in cash when the units are delivered.</p>
                      ) : null}
                    </>
                  )}
                />
              ) : null}
              {booking.taxDocuments.length > 0 ? (
                <ul className="rental-documents">
                  {booking.taxDocuments.map((document) => (
                    <li key={document.id}>
                      <Link to={`/my-rentals/${booking.id}/tax-documents/${document.id}`}>
                        {document.label}
                      </Link>{" "}
                      ({document.amount})
                    </li>
                  ))}
                </ul>
              ) : null}
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
