import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { Toasts } from "~/components/layout/Toasts";
import type { action } from "./action.server";
import { CashPanel } from "./CashPanel";
import type { loader } from "./loader.server";
import { OrderFacts } from "./OrderFacts";
import { OrderHistory } from "./OrderHistory";
import { RefundPanel } from "./RefundPanel";
import { StatusForm } from "./StatusForm";

/** The form posts are handled in action.server.ts, so the page's JavaScript leaves out what they need. */
export { action } from "./action.server";
/** The order's page data is read in loader.server.ts, which its panels take their types from. */
export { loader } from "./loader.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Order #${data.order.id}` : "Order not found");

export default function OrderPage() {
  const { order, isOwner } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <p className="admin-back">
        <Link to="/admin/orders">All orders</Link>
      </p>
      <div className="admin-order-head">
        <h1>Order #{order.id}</h1>
        <span className="order-status-badge">{order.status}</span>
      </div>
      <p className="admin-subtext">Placed on {order.placed}</p>
      <div className="admin-order-grid">
        <OrderFacts order={order} />
        {/* A new status is a new form: nothing typed for the last move is left behind. */}
        <StatusForm
          key={order.status}
          orderId={order.id}
          status={order.status}
          nextStatuses={order.nextStatuses}
          lastResult={answer?.intent === "move" ? answer.result : undefined}
        />
        {order.cash ? (
          <CashPanel
            key={`cash-${order.status}`}
            orderId={order.id}
            status={order.status}
            mobile={order.customer.mobile}
            cash={order.cash}
            lastResult={
              answer?.intent === "collect" || answer?.intent === "refuse" ? answer.result : undefined
            }
          />
        ) : (
          <RefundPanel
            refund={order.refund}
            paid={order.amounts.paid}
            isOwner={isOwner}
            lastResult={answer?.intent === "refund" ? answer.result : undefined}
          />
        )}
        <OrderHistory history={order.history} />
      </div>
    </>
  );
}
