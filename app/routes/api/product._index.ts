import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  apiAnswer,
  apiMethodNotAllowed,
  apiOk,
  apiProduct,
  productListFilters,
} from "~/features/api/index.server";
import { productList } from "~/features/catalogue/index.server";

/** GET /api/product: the products the store's filters select, in its order, 100 a page, as a bare list. */
export async function loader({ request }: LoaderFunctionArgs) {
  return apiAnswer(async () => {
    const rows = await productList(await getDb(), productListFilters(new URL(request.url)));
    return apiOk(rows.map(apiProduct));
  });
}

/** A call that only answers GET. */
export const action = () => apiMethodNotAllowed("GET");
