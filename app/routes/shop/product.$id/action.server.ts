import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { productPageSchema, saveReview } from "~/features/catalogue/index.server";
import { addToCart, cartProblemMessage } from "~/features/lists/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { successMessages } from "~/lib/messages";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

const notFound = () => new Response("Product not found", { status: 404 });
const unknownForm = () => new Response("Unknown form", { status: 400 });

/** Add to Cart and Submit Review, told apart by the submit button's intent; both need a signed-in customer. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const formData = await readForm(request, productPageSchema);
  const here = `/product/${id}`;
  const customer = await requireCustomer(
    request,
    formData.get("intent") === "review" ? `${here}#reviews` : here,
  );
  const submission = parseWithZod(formData, { schema: productPageSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw unknownForm();
    return replyInvalid(submission, { toastFirst: true }, { intent: String(formData.get("intent")) });
  }
  const db = await getDb();
  const form = submission.value;
  switch (form.intent) {
    case "review": {
      if (!(await saveReview(db, customer.id, id, form))) throw notFound();
      return toasts().redirectWithSuccess(`${here}#reviews`, successMessages.ratingAdded, { status: 303 });
    }
    case "add-to-cart": {
      const change = await addToCart(db, customer.id, {
        productId: id,
        colourId: form.color,
        quantity: form.quantity,
      });
      if (change.ok) return toasts().redirectWithSuccess(here, successMessages.addedToCart, { status: 303 });
      if (change.problem === "no-product") throw notFound();
      // Hidden while the page was open: its page is gone, so the shopper is told so in the store.
      if (change.problem === "unavailable") {
        return toasts().redirectWithError("/product", cartProblemMessage(change), { status: 303 });
      }
      const field =
        change.problem === "no-colour" ? "color" : change.problem === "rental" ? undefined : "quantity";
      return replyWithError(
        submission,
        cartProblemMessage(change),
        { status: 409, field },
        { intent: form.intent },
      );
    }
    default:
      throw unknownForm();
  }
}
