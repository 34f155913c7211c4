import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/auth.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { ProductForm } from "~/components/admin/ProductForm";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { replyInvalid, replyWithError } from "~/form-reply.server";
import {
  getZodConstraint,
  parseWithZod,
  productFormSchema,
  productValuesOf,
} from "~/lib/forms/schemas.server";
import { productAdminMessages } from "~/lib/messages";
import { createProduct, listColours, productProblemReply } from "~/modules/catalogue/product-admin.server";
import { catalogueFacets } from "~/modules/catalogue/products.server";
import { readForm } from "~/read-form.server";
import { toasts } from "~/toast.server";

export const meta: MetaFunction = () => adminMeta("New product");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const db = await getDb();
  const [colours, facets] = await Promise.all([listColours(db), catalogueFacets(db)]);
  return json({ colours, facets, constraint: getZodConstraint(productFormSchema) });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireStaff(request);
  const submission = parseWithZod(await readForm(request, productFormSchema), { schema: productFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const saved = await createProduct(
    await getDb(),
    { id: member.id, name: member.name },
    productValuesOf(submission.value),
  );
  if (!saved.ok) {
    const { message, status, field } = productProblemReply(saved);
    return replyWithError(submission, message, { status, field });
  }
  return toasts().redirectWithSuccess(`/admin/products/${saved.id}`, productAdminMessages.created, {
    status: 303,
  });
}

export default function NewProduct() {
  const { colours, facets, constraint } = useLoaderData<typeof loader>();
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
        }}
        colours={colours}
        categories={facets.categories}
        brands={facets.brands}
        submitLabel="Create product"
      />
    </>
  );
}
