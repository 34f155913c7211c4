import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { orderDetail } from "~/features/orders/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { formatLongDate } from "~/lib/dates";
import { parseId } from "~/lib/params";
import { notFound } from "./action.server";

/** An order as its page shows it, and whether the member may refund it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireBackOffice(request);
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const order = await orderDetail(await getDb(), id);
  if (!order) throw notFound();
  return json({
    order: {
      ...order,
      placed: formatLongDate(order.createdAt),
      cash: order.cash && {
        ...order.cash,
        collectedWhen: order.cash.collectedAt ? formatLongDate(order.cash.collectedAt) : null,
      },
      history: order.history.map((event) => ({ ...event, when: formatLongDate(event.createdAt) })),
    },
    isOwner: member.role === "owner",
  });
}
