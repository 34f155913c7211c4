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
import { checkoutSchema, getZodConstraint, parseWithZod } from "~/lib/forms/schemas.server";
import { checkoutMessages, productAdminMessages, successMessages } from "~/lib/messages";
import { shop } from "~/lib/shop";
import { saveAddress, savedAddress } from "~/modules/accounts/customers.server";
import { cartLines } from "~/modules/cart/cart.server";
import { addressRefusal, deliveryAnswer, pinFromCookie } from "~/modules/delivery/delivery-check.server";
import { placeOfPin } from "~/modules/delivery/pin-directory.server";
import { checkoutOptions, placeCashOrder, resolveChoices } from "~/modules/orders/checkout.server";
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
  const sub = subtotal(lines);
  const [delivery, options, place] = await Promise.all([
    pin ? deliveryAnswer(db, pin) : undefined,
    checkoutOptions(db, customer.id, pin, sub),
    pin && !saved ? placeOfPin(pin) : undefined,
  ]);
  return json({
    pending: false as const,
    contact: { name: `${customer.firstname} ${customer.lastname}`, email: customer.email },
    lines,
    subtotal: sub,
    // A PIN code checked on a product page fills the address's PIN code, city and state (India Post's names).
    address: saved ?? {
      firstname: customer.firstname,
      lastname: customer.lastname,
      country: "India",
      pincode: pin,
      city: place?.district,
      state: place?.states[0],
    },
    options,
    paymentError,
    delivery,
    constraint: getZodConstraint(checkoutSchema),
  });
}

/**
 * Place Order: keeps the address, checks the PIN code and the choices against the shop's rules, then either
 * places a cash-on-delivery order at once or records the payment attempt from the database cart and goes to
 * PhonePe. Nothing from the browser but the address and the two choices is used.
 */
export async function action({ request }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const submission = parseWithZod(await readForm(request, checkoutSchema), { schema: checkoutSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), paymentError: null }, { status: 400 });
  }
  const db = await getDb();
  const { shipping: shippingChoice, payment: paymentChoice, ...address } = submission.value;
  const refuse = (field: string, message: string) =>
    json(
      { result: submission.reply({ fieldErrors: { [field]: [message] } }), paymentError: null },
      { status: 400 },
    );
  // Before any payment starts: the shop must deliver to the PIN code, and it must be in the chosen state.
  const refusal = await addressRefusal(db, address);
  if (refusal) return refuse("pincode", refusal);
  const choices = await resolveChoices(db, customer.id, address.pincode, {
    shipping: shippingChoice,
    payment: paymentChoice,
  });
  if (!choices.ok) return refuse(choices.field, choices.message);
  await saveAddress(db, customer.id, address);
  if (choices.payment === "cod") {
    const placed = await placeCashOrder(db, customer.id, address, choices.shipping, choices.codFee);
    if (placed.kind === "ordered") {
      return toasts().redirectWithSuccess("/my-orders", successMessages.ordered, { status: 303 });
    }
    if (placed.kind === "empty") return redirect("/cart", { status: 303 });
    const message =
      placed.kind === "refused"
        ? placed.message
        : placed.kind === "unavailable"
          ? productAdminMessages.cartLineUnavailable(placed.title)
          : checkoutMessages.shortOfStock(placed.title, placed.stock);
    return json({ result: submission.reply(), paymentError: message }, { status: 409 });
  }
  const started = await startCheckoutPayment(db, customer.id, address, choices.shipping);
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
