import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { askForClaimedRefund, phonePeClientFromConfig } from "~/features/payments/index.server";
import { BOOKING_STATUS_TEXT, rentalAdminMessages } from "~/features/rentals";
import { bookingMoveSchema, moveBooking, sendBookingMoveMail } from "~/features/rentals/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";
import { notFound } from "./loader.server";

/** Staff move the booking along the pipeline, on the status their page showed. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const submission = parseWithZod(await readForm(request, bookingMoveSchema), { schema: bookingMoveSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const db = await getDb();
  const moved = await moveBooking(db, { id: member.id, name: member.name }, id, submission.value);
  if (!moved.ok) {
    if (moved.status === 404) throw notFound();
    return replyWithError(submission, moved.message, {
      status: moved.status,
      field: moved.field ?? undefined,
    });
  }
  // A refund the move claimed (a cancellation after payment, the deposit back) is asked of PhonePe now; the
  // reconciler asks again if PhonePe cannot be reached.
  if (moved.refund) {
    await askForClaimedRefund(
      db,
      phonePeClientFromConfig(),
      moved.refund.merchantOrderId,
      moved.refund.amount,
    );
  }
  void sendBookingMoveMail(db, moved.notice, config().publicUrl);
  return toasts().redirectWithSuccess(
    `/admin/rentals/${id}`,
    rentalAdminMessages.moved(moved.reference, BOOKING_STATUS_TEXT[moved.status]),
    { status: 303 },
  );
}
