import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { bookingMessages } from "~/features/rentals";
import {
  BOOKING_FILE_FIELDS,
  bookingSchema,
  requestBooking,
  sendBookingRequestedMail,
} from "~/features/rentals/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

const hideFields = [...BOOKING_FILE_FIELDS];

/**
 * A booking request: the form checked by its schema, then by the shop's own data (plans, units free, PIN code,
 * earliest start, the documents' bytes); stored, e-mailed, and the customer lands on My Rentals with its
 * reference. Nothing from the browser but the form is used: rent and deposit are the offer's.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const productId = parseId(params.id);
  if (!productId) throw json({ message: bookingMessages.notBookable }, { status: 404 });
  const submission = parseWithZod(await readForm(request, bookingSchema), { schema: bookingSchema });
  if (submission.status !== "success") {
    return replyInvalid(submission, { hideFields }, { filesNotKept: true });
  }
  const { idProof, addressProof, purchaseOrder, ...values } = submission.value;
  const db = await getDb();
  const booked = await requestBooking(db, customer.id, productId, {
    ...values,
    idProof,
    addressProof,
    purchaseOrder,
  });
  if (!booked.ok && booked.field === null) {
    // The product cannot be booked at all now (no longer a rental on offer, hidden, no unit free): its form
    // page would not open, so the customer goes back to the product's page with the reason.
    return toasts().redirectWithError(`/product/${productId}`, booked.message, { status: 303 });
  }
  if (!booked.ok) {
    return replyWithError(
      submission,
      booked.message,
      { status: booked.status, hideFields, field: booked.field ?? undefined },
      { filesNotKept: true },
    );
  }
  void sendBookingRequestedMail(db, booked.bookingId, config().publicUrl);
  return toasts().redirectWithSuccess("/my-rentals", bookingMessages.requested(booked.reference), {
    status: 303,
  });
}
