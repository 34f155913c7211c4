import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useOutlet,
} from "@remix-run/react";
import { requireStaff } from "~/auth.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { ImageUploadForm } from "~/components/admin/ImageUploadForm";
import { ProductForm } from "~/components/admin/ProductForm";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { replyInvalid, replyWithError } from "~/form-reply.server";
import { formatLongDate } from "~/lib/dates";
import { PRODUCT_LIMITS } from "~/lib/form-limits";
import {
  getZodConstraint,
  imageUploadSchema,
  parseWithZod,
  productEditSchema,
  productFormSchema,
  productValuesOf,
  rupeesText,
} from "~/lib/forms/schemas.server";
import { productAdminMessages } from "~/lib/messages";
import { parseId } from "~/lib/params";
import {
  type ImageChange,
  listColours,
  moveProductImage,
  productForEdit,
  productProblemReply,
  removeProductImage,
  setImageAlt,
  setProductHidden,
  updateProduct,
} from "~/modules/catalogue/product-admin.server";
import { catalogueFacets } from "~/modules/catalogue/products.server";
import { readForm } from "~/read-form.server";
import { inlineToast, toasts } from "~/toast.server";

const notFound = () => json({ message: productAdminMessages.notFound }, { status: 404 });

export const meta: MetaFunction<typeof loader> = ({ data }) => adminMeta(data?.product.title ?? "Product");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const db = await getDb();
  const [product, colours, facets] = await Promise.all([
    productForEdit(db, id),
    listColours(db),
    catalogueFacets(db),
  ]);
  if (!product) throw notFound();
  return json({
    product: {
      id: product.id,
      title: product.title,
      images: product.images,
      hiddenAt: product.hiddenAt?.toISOString() ?? null,
      createdAt: product.createdAt.toISOString(),
      updatedAt: product.updatedAt.toISOString(),
      sold: product.sold,
      version: product.version,
    },
    defaults: {
      title: product.title,
      description: product.description,
      brand: product.brand,
      category: product.category,
      productType: product.productType,
      tags: product.tags,
      colours: product.colourIds.map(String),
      mrp: rupeesText(product.originalPrice),
      offerPrice: rupeesText(product.discountedPrice),
      stock: String(product.quantity),
    },
    colours,
    facets,
    constraints: { product: getZodConstraint(productFormSchema), image: getZodConstraint(imageUploadSchema) },
  });
}

/** A refused picture form (a picture removed meanwhile in another tab, say): the page shows them as they are. */
const pictureRefused = (message: string, status: number) =>
  json({ intent: "picture" as const, toast: inlineToast("error", message) }, { status });

const imageMessages = {
  "image-up": productAdminMessages.imageMoved,
  "image-down": productAdminMessages.imageMoved,
  "image-remove": productAdminMessages.imageRemoved,
  "image-alt": productAdminMessages.altSaved,
} as const;

/** The edit page's forms: save the fields, hide or show, and move, describe or remove a picture. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireStaff(request);
  const actor = { id: member.id, name: member.name };
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const here = `/admin/products/${id}`;
  const submission = parseWithZod(await readForm(request, productEditSchema), { schema: productEditSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw new Response("Unknown form", { status: 400 });
    // A picture's form: its message as a toast, the product form left as it was.
    if (submission.payload.intent !== "save") {
      const first = Object.values(submission.error ?? {}).flat()[0];
      return pictureRefused(first ?? productAdminMessages.imageGone, 400);
    }
    // A version that is not one the page sent can only be an old or altered copy: refused like a stale one
    // (once the fields themselves are right, so their messages come first).
    if (submission.error?.version && Object.keys(submission.error).length === 1) {
      return replyWithError(
        submission,
        productAdminMessages.stale,
        { status: 409 },
        { intent: "save" as const },
      );
    }
    return replyInvalid(submission, {}, { intent: "save" as const });
  }
  const db = await getDb();
  const form = submission.value;
  switch (form.intent) {
    case "save": {
      const saved = await updateProduct(db, actor, id, form.version, productValuesOf(form));
      if (saved.ok) return toasts().redirectWithSuccess(here, productAdminMessages.saved, { status: 303 });
      if (saved.problem === "not-found") throw notFound();
      const { message, status, field } = productProblemReply(saved);
      return replyWithError(submission, message, { status, field }, { intent: "save" as const });
    }
    case "hide":
    case "show": {
      const hidden = form.intent === "hide";
      const changed = await setProductHidden(db, actor, id, hidden);
      if (!changed.ok) throw notFound();
      const message = hidden ? productAdminMessages.hidden : productAdminMessages.shown;
      return toasts().redirectWithSuccess(here, message, { status: 303 });
    }
    case "image-up":
    case "image-down":
    case "image-remove":
    case "image-alt": {
      let changed: ImageChange;
      if (form.intent === "image-remove") changed = await removeProductImage(db, actor, id, form.image);
      else if (form.intent === "image-alt") changed = await setImageAlt(db, actor, id, form.image, form.alt);
      else
        changed = await moveProductImage(
          db,
          actor,
          id,
          form.image,
          form.intent === "image-up" ? "up" : "down",
        );
      if (changed.ok) return toasts().redirectWithSuccess(here, imageMessages[form.intent], { status: 303 });
      if (changed.problem === "not-found") throw notFound();
      return pictureRefused(productAdminMessages.imageGone, 409);
    }
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

/**
 * Read the product again after every form, refused ones too (Remix skips that after a 4xx by default): a save
 * refused as stale then carries the product's new version, so saving again knowingly replaces the other change.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

export default function EditProduct() {
  const { product, defaults, colours, facets, constraints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const outlet = useOutlet();
  const changingVisibility = useIsPending({ intent: product.hiddenAt ? "show" : "hide" });
  const here = `/admin/products/${product.id}`;
  const images = product.images;
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <p>
        <Link to="/admin/products">← All products</Link>
      </p>
      <h1>{product.title}</h1>
      <p className={product.hiddenAt ? "admin-status is-hidden" : "admin-status"}>
        {product.hiddenAt ? (
          <>Hidden from the shop since {formatLongDate(product.hiddenAt)}.</>
        ) : (
          <>
            Shown in the shop: <a href={`/product/${product.id}`}>view its page</a>.
          </>
        )}{" "}
        Sold: {product.sold}. Created {formatLongDate(product.createdAt)}; last saved{" "}
        {formatLongDate(product.updatedAt)}.
      </p>

      {/* A new version (a save, or an order taking stock) gives a fresh form; a refused save keeps what was typed. */}
      <ProductForm
        key={product.version}
        lastResult={answer?.intent === "save" ? answer.result : undefined}
        constraint={constraints.product}
        defaults={defaults}
        colours={colours}
        categories={facets.categories}
        brands={facets.brands}
        submitLabel="Save product"
      >
        <input type="hidden" name="version" value={product.version} />
      </ProductForm>

      <section className="admin-section" aria-labelledby="pictures-heading">
        <h2 id="pictures-heading">Pictures</h2>
        <p className="admin-hint">
          The first picture is the one on the product's card. Up to {PRODUCT_LIMITS.images} pictures.
        </p>
        {images.length === 0 ? (
          <p className="empty-state">No pictures yet: the shop shows a placeholder.</p>
        ) : null}
        <ol className="admin-images">
          {images.map((image, index) => {
            const label = `picture ${index + 1}`;
            return (
              <li key={image.url}>
                <img src={image.url} alt={image.alt || product.title} width="120" height="120" />
                <div className="admin-image-actions">
                  <Form method="post" action={here} className="inline-form">
                    <input type="hidden" name="image" value={image.url} />
                    <label>
                      <span>Description of {label}</span>
                      <input
                        type="text"
                        name="alt"
                        defaultValue={image.alt ?? ""}
                        placeholder={product.title}
                        maxLength={PRODUCT_LIMITS.alt}
                      />
                    </label>
                    <button type="submit" name="intent" value="image-alt" className="button-small">
                      Save<span className="visually-hidden"> the description of {label}</span>
                    </button>
                  </Form>
                  <Form method="post" action={here} className="inline-form">
                    <input type="hidden" name="image" value={image.url} />
                    {index > 0 ? (
                      <button type="submit" name="intent" value="image-up" className="button-small">
                        Move up<span className="visually-hidden"> {label}</span>
                      </button>
                    ) : null}
                    {index < images.length - 1 ? (
                      <button type="submit" name="intent" value="image-down" className="button-small">
                        Move down<span className="visually-hidden"> {label}</span>
                      </button>
                    ) : null}
                    <button
                      type="submit"
                      name="intent"
                      value="image-remove"
                      className="button-small button-danger"
                    >
                      Remove<span className="visually-hidden"> {label}</span>
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ol>
        {outlet ??
          (images.length < PRODUCT_LIMITS.images ? (
            <ImageUploadForm action={`${here}/images`} owner="product" constraint={constraints.image} />
          ) : null)}
      </section>

      <section className="admin-section" aria-labelledby="visibility-heading">
        <h2 id="visibility-heading">In the shop</h2>
        <p className="admin-hint">
          Products are never deleted, because orders refer to them. A hidden product disappears from every
          shop page, search and list, and cannot be bought; orders keep it, and you can show it again at any
          time.
        </p>
        <Form method="post" action={here}>
          {product.hiddenAt ? (
            <button type="submit" name="intent" value="show" disabled={changingVisibility}>
              Show in the shop
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="hide"
              className="button-danger"
              disabled={changingVisibility}
            >
              Hide from the shop
            </button>
          )}
        </Form>
      </section>
    </>
  );
}
