import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  apiMethodNotAllowed,
  apiNotFound,
  apiOk,
  customerWrite,
  readApiBody,
} from "~/features/api/index.server";
import { ratingBody } from "~/features/api/schemas";
import { saveReview } from "~/features/catalogue/index.server";
import { clientAddress } from "~/lib/auth.server";
import { successMessages } from "~/lib/messages";

export const loader = () => apiMethodNotAllowed("PUT");

/** PUT /api/product/rating: the customer's review of a product (one each; a second replaces the first). */
export async function action({ request, context }: ActionFunctionArgs) {
  return customerWrite(request, clientAddress(context), "PUT", async (customer) => {
    const { prodId, star, comment } = await readApiBody(request, ratingBody);
    const saved = await saveReview(await getDb(), customer.id, prodId, { star, comment });
    return saved ? apiOk({ message: successMessages.ratingAdded }) : apiNotFound();
  });
}
