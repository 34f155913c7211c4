import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  apiAnswer,
  apiMethodNotAllowed,
  apiOk,
  apiOrder,
  requireApiCustomer,
} from "~/features/api/index.server";
import { customerOrders } from "~/features/orders/index.server";

/** GET /api/user/getmyorders: `{orders: [...]}`, the customer's own, newest first, at the totals charged. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiAnswer(async () => {
    const customer = await requireApiCustomer(request);
    return apiOk({ orders: (await customerOrders(await getDb(), customer.id)).map(apiOrder) });
  });
}

/** A call that only answers GET. */
export const action = () => apiMethodNotAllowed("GET");
