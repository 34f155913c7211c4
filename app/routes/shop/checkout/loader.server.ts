import { json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { savedAddress, savedBusinessBuyer } from "~/features/accounts/index.server";
import { deliveryAnswer, pinFromCookie, placeOfPin } from "~/features/delivery/index.server";
import { subtotal } from "~/features/lists";
import { cartLines } from "~/features/lists/index.server";
import { checkoutOptions, checkoutSchema, returnFromPhonePe } from "~/features/orders/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { getZodConstraint } from "~/lib/forms/zod-forms.server";
import { successMessages } from "~/lib/messages";
import { toasts } from "~/lib/toast.server";

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
  const [delivery, options, place, business] = await Promise.all([
    pin ? deliveryAnswer(db, pin) : undefined,
    checkoutOptions(db, customer.id, pin, sub),
    pin && !saved ? placeOfPin(pin) : undefined,
    savedBusinessBuyer(db, customer.id),
  ]);
  return json({
    pending: false as const,
    contact: { name: `${customer.firstname} ${customer.lastname}`, email: customer.email },
    lines,
    subtotal: sub,
    // A PIN code checked on a product page fills the address's PIN code, city and state (India Post's names).
    address: {
      ...(saved ?? {
        firstname: customer.firstname,
        lastname: customer.lastname,
        country: "India",
        pincode: pin,
        city: place?.district,
        state: place?.states[0],
      }),
      gstin: business?.gstin,
      businessName: business?.name,
    },
    options,
    paymentError,
    delivery,
    constraint: getZodConstraint(checkoutSchema),
  });
}
