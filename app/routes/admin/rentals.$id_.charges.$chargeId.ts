import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { rentalAdminMessages } from "~/features/rentals";
import { recordCounterPayment } from "~/features/rentals/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { refusal, toasts } from "~/lib/toast.server";

/** Staff record a later month's rent paid at the counter, from the booking's page. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  await readForm(request);
  const bookingId = parseId(params.id);
  const chargeId = parseId(params.chargeId);
  if (!bookingId || !chargeId) throw new Response("No such charge", { status: 404 });
  const recorded = await recordCounterPayment(await getDb(), member, bookingId, chargeId);
  if (!recorded.ok) {
    if (recorded.status === 404) throw new Response("No such charge", { status: 404 });
    return refusal(request, {}, rentalAdminMessages.chargeNotDue, 409);
  }
  return toasts().redirectWithSuccess(
    `/admin/rentals/${bookingId}`,
    rentalAdminMessages.chargeRecorded(recorded.reference, recorded.month),
    { status: 303 },
  );
}
