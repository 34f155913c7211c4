import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { customerData, customerDataResponse } from "~/features/accounts/index.server";
import { requireCustomer } from "~/lib/auth.server";

/** The signed-in customer's own data as a JSON file (a visitor is sent to log in first). */
export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request, "/my-profile");
  const data = await customerData(await getDb(), customer.id);
  if (!data) throw new Response("Not Found", { status: 404 });
  return customerDataResponse(data);
}
