import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  apiAnswer,
  apiMethodNotAllowed,
  apiNotFound,
  apiOk,
  apiProductDetail,
} from "~/features/api/index.server";
import { getProduct, productReviews } from "~/features/catalogue/index.server";
import { parseId } from "~/lib/params";

/** GET /api/product/:id: one product the shop shows, with its colours and reviews; 404 for a hidden one. */
export async function loader({ params }: LoaderFunctionArgs) {
  return apiAnswer(async () => {
    const id = parseId(params.id);
    const db = await getDb();
    const product = id === undefined ? null : await getProduct(db, id);
    if (!product) return apiNotFound();
    const reviews = await productReviews(db, product.id);
    return apiOk(apiProductDetail(product, reviews.reviews));
  });
}

/** A call that only answers GET. */
export const action = () => apiMethodNotAllowed("GET");
