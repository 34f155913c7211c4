import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { shop } from "~/lib/shop";
import cartStyles from "~/styles/cart.css?url";
import checkoutStyles from "~/styles/checkout.css?url";
import { CheckoutForm } from "./CheckoutForm";
import type { loader } from "./loader.server";
import { PaymentPending } from "./PaymentPending";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: cartStyles },
  { rel: "stylesheet", href: checkoutStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Checkout | ${shop.name}` },
  // The "being confirmed" page reloads itself (a meta refresh: it works without JavaScript), less often as it ages.
  ...(data?.pending ? [{ httpEquiv: "refresh", content: String(data.refreshSeconds) } as const] : []),
];

/** Place Order is handled in action.server.ts, so the page's JavaScript leaves out what it needs. */
export { action } from "./action.server";
/** The page's data is read in loader.server.ts, so its JavaScript leaves out what that needs. */
export { loader } from "./loader.server";

export default function Checkout() {
  const data = useLoaderData<typeof loader>();
  if (data.pending) return <PaymentPending note={data.note} retry={data.retry} />;
  return <CheckoutForm {...data} />;
}
