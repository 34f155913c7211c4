import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { bookingPage, bookingSchema } from "~/features/rentals/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { getZodConstraint } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";

/** The booking form of a rental product, for a signed-in customer; the plan chosen on the product page comes in the query. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const id = parseId(params.id);
  const query = new URL(request.url).searchParams;
  const number = (name: string) => {
    const value = Number(query.get(name));
    return Number.isSafeInteger(value) ? value : undefined;
  };
  const page = id
    ? await bookingPage(await getDb(), id, customer.id, { months: number("months"), units: number("units") })
    : undefined;
  if (!page) throw json({ message: "This product cannot be booked." }, { status: 404 });
  return json({ ...page, constraint: getZodConstraint(bookingSchema) });
}
