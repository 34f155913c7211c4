import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  apiMessages,
  apiMethodNotAllowed,
  apiNotFound,
  apiOk,
  customerWrite,
  readApiBody,
} from "~/features/api/index.server";
import { wishlistBody } from "~/features/api/schemas";
import { productExists } from "~/features/catalogue/index.server";
import { toggleWishlist, wishlistIds } from "~/features/lists/index.server";
import { clientAddress } from "~/lib/auth.server";
import { callMessages } from "~/lib/messages";

export const loader = () => apiMethodNotAllowed("PUT");

/** PUT /api/product/Wishlist (any case): puts the product on the wishlist, or takes it off. */
export async function action({ request, context }: ActionFunctionArgs) {
  return customerWrite(request, clientAddress(context), "PUT", async (customer) => {
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
