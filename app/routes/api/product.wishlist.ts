import type { ActionFunctionArgs } from "@remix-run/node";
import { clientAddress } from "~/auth.server";
import { getDb } from "~/db/db.server";
import {
  apiAnswer,
  apiMessages,
  apiMethodNotAllowed,
  apiNotFound,
  apiOk,
  countApiWrite,
  readApiBody,
  requireApiCustomer,
} from "~/features/api/index.server";
import { wishlistBody } from "~/features/api/schemas";
import { productExists } from "~/features/catalogue/index.server";
import { toggleWishlist, wishlistIds } from "~/features/lists/index.server";
import { callMessages } from "~/lib/messages";

export const loader = () => apiMethodNotAllowed("PUT");

/** PUT /api/product/Wishlist (any case): puts the product on the wishlist, or takes it off. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiAnswer(async () => {
    if (request.method !== "PUT") return apiMethodNotAllowed("PUT");
    const customer = await requireApiCustomer(request);
    await countApiWrite(clientAddress(context), customer);
    const { prodId } = await readApiBody(request, wishlistBody);
    const db = await getDb();
    if (!(await productExists(db, prodId))) return apiNotFound();
    const added = await toggleWishlist(db, customer.id, prodId);
    return apiOk({
      message: added ? callMessages.wishlistAdded : apiMessages.wishlistRemoved,
      wishlist: (await wishlistIds(db, customer.id)).map(String),
    });
  });
}
