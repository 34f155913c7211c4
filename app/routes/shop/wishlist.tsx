import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { getDb } from "~/db/db.server";
import { ProductGrid } from "~/features/catalogue";
import { productExists } from "~/features/catalogue/index.server";
import { listMessages } from "~/features/lists";
import { listChangeSchema, setWishlisted, wishlistProducts } from "~/features/lists/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { TITLE_CUTS } from "~/lib/limits";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { shop } from "~/lib/shop";
import { toasts } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: `Wishlist | ${shop.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  return json({ products: await wishlistProducts(await getDb(), customer.id) });
}

/** The heart on every card posts here; a visitor is sent to log in and comes back to the same page. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request, listChangeSchema);
  const back = safeRedirect(form.get("redirectTo"), "/wishlist");
  const customer = await requireCustomer(request, back);
  const db = await getDb();
  const productId = parseId(String(form.get("productId") ?? ""));
  if (productId === undefined || !(await productExists(db, productId))) {
    return toasts().redirectWithError(back, listMessages.productNotFound, { status: 303 });
  }
  switch (form.get("intent")) {
    case "add":
    case "remove":
      await setWishlisted(db, customer.id, productId, form.get("intent") === "add");
      return redirect(back, { status: 303 });
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

export default function Wishlist() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <div className="container page wishlist">
      <Breadcrumbs current="Favourite Wishlist" />
      <h1>Favourite Wishlist</h1>
      <ProductGrid
        products={products}
        wished
        titleLimit={TITLE_CUTS.home}
        titleSuffix="..."
        empty="No Data"
      />
    </div>
  );
}
