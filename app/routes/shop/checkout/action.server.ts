import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { requireCustomer } from "~/auth.server";
import { getDb } from "~/db/db.server";
import { saveAddress, saveBusinessBuyer } from "~/features/accounts/index.server";
import { productAdminMessages } from "~/features/catalogue";
import { checkoutMessages } from "~/features/orders";
import {
  checkoutSchema,
  placeCashOrder,
  resolveChoices,
  startCheckoutPayment,
} from "~/features/orders/index.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { successMessages } from "~/lib/messages";
import { readForm } from "~/read-form.server";
import { toasts } from "~/toast.server";

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
  const {
    shipping: shippingChoice,
    payment: paymentChoice,
    gstin,
    businessName,
    ...address
  } = submission.value;
  const business = gstin && businessName ? { gstin, name: businessName } : null;
  const refuse = (field: string, message: string) =>
    json(
      { result: submission.reply({ fieldErrors: { [field]: [message] } }), paymentError: null },
      { status: 400 },
    );
  // Before any payment starts: the shop must deliver to the PIN code, in the chosen state, as chosen.
  const choices = await resolveChoices(db, customer.id, address, {
    shipping: shippingChoice,
    payment: paymentChoice,
  });
  if (!choices.ok) return refuse(choices.field, choices.message);
  await Promise.all([saveAddress(db, customer.id, address), saveBusinessBuyer(db, customer.id, business)]);
  const shipping = { ...choices.shipping, business };
  if (choices.payment === "cod") {
    const placed = await placeCashOrder(db, customer.id, address, shipping, choices.codFee);
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
  const started = await startCheckoutPayment(db, customer.id, address, shipping);
  if (started.ok) return redirect(started.redirectUrl, { status: 303 });
  if (started.emptyCart) return redirect("/cart", { status: 303 });
  return json(
    { result: submission.reply(), paymentError: started.message },
    { status: started.status ?? 502 },
  );
}
