import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { checkoutSchema, placeOrder } from "~/features/orders/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { successMessages } from "~/lib/messages";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

/**
 * Place Order: the orders feature checks the address and the choices, keeps the address, and places a
 * cash-on-delivery order or starts PhonePe for the database cart. Nothing from the browser but the address and
 * the two choices is used.
 */
export async function action({ request }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const submission = parseWithZod(await readForm(request, checkoutSchema), { schema: checkoutSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply(), paymentError: null }, { status: 400 });
  }
  const placed = await placeOrder(await getDb(), customer.id, submission.value);
  switch (placed.kind) {
    case "refused":
      return json(
        {
          result: submission.reply({ fieldErrors: { [placed.field]: [placed.message] } }),
          paymentError: null,
        },
        { status: 400 },
      );
    case "ordered":
      return toasts().redirectWithSuccess("/my-orders", successMessages.ordered, { status: 303 });
    case "pay":
      return redirect(placed.redirectUrl, { status: 303 });
    case "empty":
      return redirect("/cart", { status: 303 });
    case "problem":
      return json({ result: submission.reply(), paymentError: placed.message }, { status: placed.status });
  }
}
