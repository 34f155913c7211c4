import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireCustomer } from "~/auth.server";
import { ProductCard } from "~/components/product/ProductCard";
import { getDb } from "~/db/db.server";
import { parseId } from "~/lib/params";
import { safeRedirect } from "~/lib/safe-redirect";
import { productExists } from "~/modules/compare/compare.server";
import { setWishlisted, wishlistProducts } from "~/modules/wishlist/wishlist.server";
import { readForm } from "~/read-form.server";
import { toasts } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: "Wishlist | Kaveri Computers" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  return json({ products: await wishlistProducts(await getDb(), customer.id) });
}

/** The heart on every card posts here; a visitor is sent to log in and comes back to the same page. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"), "/wishlist");
  const customer = await requireCustomer(request, back);
  const db = await getDb();
  const productId = parseId(String(form.get("productId") ?? ""));
  if (productId === undefined || !(await productExists(db, productId))) {
    return toasts().redirectWithError(back, "That product could not be found.", { status: 303 });
  }
  const intent = form.get("intent");
  await setWishlisted(
    db,
    customer.id,
    productId,
    intent === "add" ? true : intent === "remove" ? false : "toggle",
  );
  return redirect(back, { status: 303 });
}

export default function Wishlist() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <div className="container page wishlist">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> / <span aria-current="page">Favourite Wishlist</span>
      </nav>
      <h1>Favourite Wishlist</h1>
      {products.length === 0 ? (
        <p className="empty-state">No Data</p>
      ) : (
        <div className="product-grid grid-3">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} titleLimit={70} titleSuffix="..." wished />
          ))}
        </div>
      )}
    </div>
  );
}
