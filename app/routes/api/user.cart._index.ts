import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  apiAnswer,
  apiCartLine,
  apiFail,
  apiOk,
  customerWrite,
  readApiBody,
  requireApiCustomer,
} from "~/features/api/index.server";
import { cartBody } from "~/features/api/schemas";
import { addToCart, cartLines, cartProblemMessage } from "~/features/lists/index.server";
import { clientAddress } from "~/lib/auth.server";
import { successMessages } from "~/lib/messages";

/** GET /api/user/cart: the customer's cart lines as a bare list, each priced by the shop today. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiAnswer(async () => {
    const customer = await requireApiCustomer(request);
    return apiOk((await cartLines(await getDb(), customer.id)).map(apiCartLine));
  });
}

/**
 * POST /api/user/cart: a product in a colour and a quantity, checked as the product page's Add to Cart is. The
 * posted price is never read: the line is priced from the product.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return customerWrite(
    request,
    clientAddress(context),
    "POST",
    async (customer) => {
      const { productId, color, quantity } = await readApiBody(request, cartBody);
      const db = await getDb();
      const added = await addToCart(db, customer.id, { productId, colourId: color, quantity });
      if (!added.ok) {
        return apiFail(added.problem === "no-product" ? 404 : 409, cartProblemMessage(added));
      }
      return apiOk(
        { message: successMessages.addedToCart, cart: (await cartLines(db, customer.id)).map(apiCartLine) },
        201,
      );
    },
    "GET, POST",
  );
}
