import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { cartQuantitySchema } from "~/features/catalogue/index.server";
import { cartProblemMessage, removeCartLine, updateCartQuantity } from "~/features/lists/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { describeError } from "~/lib/errors.server";
import { failureMessages, fieldMessages, successMessages } from "~/lib/messages";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { refusal, toasts } from "~/lib/toast.server";

/** Quantity changes and deletions; each checks that the line belongs to the signed-in customer. */
export async function action({ request }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const formData = await readForm(request, cartQuantitySchema);
  const db = await getDb();
  const somethingWrong = failureMessages.somethingWentWrong;
  try {
    switch (formData.get("intent")) {
      case "delete": {
        const lineId = parseId(String(formData.get("lineId") ?? ""));
        const removed = lineId === undefined ? null : await removeCartLine(db, customer.id, lineId);
        if (!removed?.ok) return refusal(request, { lineId: lineId ?? null }, somethingWrong, 404);
        return toasts().redirectWithSuccess("/cart", successMessages.deletedFromCart, { status: 303 });
      }
      case "update": {
        const submission = parseWithZod(formData, { schema: cartQuantitySchema });
        if (submission.status !== "success") {
          return refusal(request, { lineId: null }, fieldMessages.quantityRange, 400);
        }
        const { lineId, quantity } = submission.value;
        const change = await updateCartQuantity(db, customer.id, lineId, quantity);
        if (!change.ok) {
          const status = change.problem === "no-line" ? 404 : 409;
          const message = change.problem === "no-line" ? somethingWrong : cartProblemMessage(change);
          return refusal(request, { lineId }, message, status);
        }
        return toasts().redirectWithSuccess("/cart", successMessages.cartUpdated, { status: 303 });
      }
      default:
        return refusal(request, { lineId: null }, somethingWrong, 400);
    }
  } catch (error) {
    console.error(`A cart change failed: ${describeError(error)}`);
    return refusal(request, { lineId: null }, somethingWrong, 503);
  }
}
