import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { ProductForm } from "~/features/catalogue";
import {
  catalogueFacets,
  listColours,
  productFormSchema,
  specFormsOf,
} from "~/features/catalogue/index.server";
import { rentalFormDefaults } from "~/features/rentals";
import { requireBackOffice } from "~/lib/auth.server";
import { getZodConstraint } from "~/lib/forms/zod-forms.server";
import type { action } from "./action.server";

export const meta: MetaFunction = () => adminMeta("New product");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const db = await getDb();
  const [colours, facets] = await Promise.all([listColours(db), catalogueFacets(db)]);
  return json({
    colours,
    facets,
    specForms: specFormsOf(),
    constraint: getZodConstraint(productFormSchema),
  });
}

/** The form posts are handled in action.server.ts, so the page's JavaScript leaves out what they need. */
export { action } from "./action.server";

export default function NewProduct() {
  const { colours, facets, specForms, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <p>
        <Link to="/admin/products">← All products</Link>
      </p>
      <h1>New product</h1>
      <p className="admin-hint">It shows in the shop as soon as it is created. Pictures are added next.</p>
      <ProductForm
        lastResult={answer?.result}
        constraint={constraint}
        defaults={{
          sku: "",
          title: "",
          description: "",
          brand: "",
          category: "",
          productType: "new",
          tags: [],
          colours: [],
          mrp: "",
          offerPrice: "",
          stock: "",
          hsn: "",
          gstRate: "18",
          spec: {},
          rental: rentalFormDefaults(undefined),
        }}
        specForms={specForms}
        colours={colours}
        categories={facets.categories}
        brands={facets.brands}
        submitLabel="Create product"
      />
    </>
  );
}
