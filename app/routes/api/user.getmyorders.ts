import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  apiAnswer,
  apiMethodNotAllowed,
  apiOk,
  apiOrder,
  requireApiCustomer,
} from "~/features/api/index.server";
import { picturesOf } from "~/features/catalogue/index.server";
import { customerOrders } from "~/features/orders/index.server";

/**
 * GET /api/user/getmyorders: `{orders: [...]}`, the customer's own, newest first, at the totals charged, each
 * item with its product's pictures.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiAnswer(async () => {
    const customer = await requireApiCustomer(request);
    const db = await getDb();
    const orders = await customerOrders(db, customer.id);
    const pictures = await picturesOf(
      db,
      orders.flatMap((order) =>
        order.items.flatMap((item) => (item.productId === null ? [] : [item.productId])),
      ),
    );
    return apiOk({ orders: orders.map((order) => apiOrder(order, pictures)) });
  });
}

/** A call that only answers GET. */
export const action = () => apiMethodNotAllowed("GET");
