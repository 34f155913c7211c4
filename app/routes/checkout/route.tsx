import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireCustomer } from "~/auth.server";
import { getDb } from "~/db/db.server";
import { subtotal } from "~/lib/cart";
import { addressSchema, getZodConstraint, parseWithZod } from "~/lib/forms/schemas.server";
import { SHIPPING_FEE_PAISE } from "~/lib/limits";
import { successMessages } from "~/lib/messages";
import { shop } from "~/lib/shop";
import { saveAddress, savedAddress } from "~/modules/accounts/customers.server";
import { cartLines } from "~/modules/cart/cart.server";
import { addressRefusal, deliveryAnswer, pinFromCookie } from "~/modules/delivery/delivery-check.server";
import { returnFromPhonePe, startCheckoutPayment } from "~/modules/orders/payment-flow.server";
import { readForm } from "~/read-form.server";
import cartStyles from "~/styles/cart.css";
import checkoutStyles from "~/styles/checkout.css";
import { toasts } from "~/toast.server";
import { CheckoutForm } from "./CheckoutForm";
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

/**
 * The checkout page, and PhonePe's way back: with `merchantTransactionId` in the query the payment is checked
 * with PhonePe and finished (once, whoever gets there first), then the shopper lands on My Orders.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const db = await getDb();
  const url = new URL(request.url);
  const merchantOrderId =
    url.searchParams.get("merchantTransactionId") ?? url.searchParams.get("merchantOrderId");
  let paymentError: string | null = null;
  if (merchantOrderId) {
    const back = await returnFromPhonePe(db, customer.id, merchantOrderId);
    switch (back.kind) {
      case "ordered":
        return toasts().redirectWithSuccess("/my-orders", successMessages.ordered, { status: 303 });
      case "pending":
        return json({
          pending: true as const,
          merchantOrderId,
          refreshSeconds: back.refreshSeconds,
          note: back.note,
          retry: back.retry,
        });
      case "failed":
        paymentError = back.message;
    }
  }
  const lines = await cartLines(db, customer.id);
  if (lines.length === 0) throw redirect("/cart", { status: 303 });
  const saved = await savedAddress(db, customer.id);
  const pin = saved?.pincode ?? (await pinFromCookie(request));
  return json({
    pending: false as const,
    contact: { name: `${customer.firstname} ${customer.lastname}`, email: customer.email },
    lines,
    subtotal: subtotal(lines),
    shipping: SHIPPING_FEE_PAISE,
    address: saved ?? {
      firstname: customer.firstname,
      lastname: customer.lastname,
      country: "India",
    },
    paymentError,
    delivery: pin ? await deliveryAnswer(db, pin) : undefined,
    constraint: getZodConstraint(addressSchema),
  });
}

/** Place Order: keeps the address, records the payment attempt from the database cart and goes to PhonePe. */
export async function action({ request }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const submission = parseWithZod(await readForm(request, addressSchema), { schema: addressSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), paymentError: null }, { status: 400 });
  }
  const db = await getDb();
  const address = submission.value;
  // Before any payment starts: the shop must deliver to the PIN code, and it must be in the chosen state.
  const refusal = await addressRefusal(db, address);
  if (refusal) {
    return json(
      { result: submission.reply({ fieldErrors: { pincode: [refusal] } }), paymentError: null },
      { status: 400 },
    );
  }
  await saveAddress(db, customer.id, address);
  const started = await startCheckoutPayment(db, customer.id, address);
  if (started.ok) return redirect(started.redirectUrl, { status: 303 });
  if (started.emptyCart) return redirect("/cart", { status: 303 });
  return json(
    { result: submission.reply(), paymentError: started.message },
    { status: started.status ?? 502 },
  );
}

export default function Checkout() {
  const data = useLoaderData<typeof loader>();
  if (data.pending) return <PaymentPending note={data.note} retry={data.retry} />;
  return <CheckoutForm {...data} />;
}
