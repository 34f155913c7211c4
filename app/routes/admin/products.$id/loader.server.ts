import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  catalogueFacets,
  imageUploadSchema,
  listColours,
  productForEdit,
  productFormDefaults,
  productFormSchema,
  readProductSpecs,
  specFormsOf,
} from "~/features/catalogue/index.server";
import { readRentalOffer } from "~/features/rentals/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { formatLongDate } from "~/lib/dates";
import { getZodConstraint } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { notFound } from "./action.server";

/**
 * The edit page's data. Apart from route.tsx, as the action is: each server module a route imports costs the
 * page a small empty stand-in file, and this page (with its pictures child) is near the 100 KB budget.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const db = await getDb();
  const [product, specs, offer, colours, facets] = await Promise.all([
    productForEdit(db, id),
    readProductSpecs(db, id),
    readRentalOffer(db, id),
    listColours(db),
    catalogueFacets(db),
  ]);
  if (!product) throw notFound();
  return json({
    product: {
      id: product.id,
      title: product.title,
      images: product.images,
      // Written here: the date code stays out of the page's JavaScript.
      hiddenAt: product.hiddenAt ? formatLongDate(product.hiddenAt) : null,
      createdAt: formatLongDate(product.createdAt),
      updatedAt: formatLongDate(product.updatedAt),
      sold: product.sold,
      version: product.version,
    },
    defaults: productFormDefaults(product, specs, offer),
    specForms: specFormsOf(),
    colours,
    facets,
    constraints: { product: getZodConstraint(productFormSchema), image: getZodConstraint(imageUploadSchema) },
  });
}
