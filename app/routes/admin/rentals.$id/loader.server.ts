import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { bookingForStaff } from "~/features/rentals/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { parseId } from "~/lib/params";

export const notFound = () => json({ message: "There is no such rental booking." }, { status: 404 });

/** One booking: its facts, documents, units, history, and the moves its status allows. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const id = parseId(params.id);
  const booking = id ? await bookingForStaff(await getDb(), id) : undefined;
  if (!booking) throw notFound();
  return json(booking);
}
