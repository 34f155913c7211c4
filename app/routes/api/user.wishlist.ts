import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  apiAnswer,
  apiCard,
  apiMethodNotAllowed,
  apiOk,
  requireApiCustomer,
} from "~/features/api/index.server";
import { wishlistProducts } from "~/features/lists/index.server";

/** GET /api/user/wishlist: `{wishlist: [...]}`, the products the shop still shows. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiAnswer(async () => {
    const customer = await requireApiCustomer(request);
    return apiOk({ wishlist: (await wishlistProducts(await getDb(), customer.id)).map(apiCard) });
  });
}

/** A call that only answers GET. */
export const action = () => apiMethodNotAllowed("GET");
