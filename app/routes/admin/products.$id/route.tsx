import type { MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useOutlet,
} from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { ProductForm } from "~/features/catalogue";
import { ImageUploadForm } from "~/features/images";
import { PRODUCT_LIMITS } from "~/lib/form-limits";
import type { action } from "./action.server";
import type { loader } from "./loader.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => adminMeta(data?.product.title ?? "Product");

/** The data comes from loader.server.ts and the form posts go to action.server.ts, so the page's JavaScript
 * leaves out what they need. */
export { action } from "./action.server";
export { loader } from "./loader.server";

/**
 * Read the product again after every form, refused ones too (Remix skips that after a 4xx by default): a save
 * refused as stale then carries the product's new version, so saving again knowingly replaces the other change.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

export default function EditProduct() {
  const { product, defaults, specForms, colours, facets, constraints } = useLoaderData<typeof loader>();
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
          <>Hidden from the shop since {product.hiddenAt}.</>
        ) : (
          <>
            Shown in the shop: <a href={`/product/${product.id}`}>view its page</a>.
          </>
        )}{" "}
        Sold: {product.sold}. Created {product.createdAt}; last saved {product.updatedAt}.
      </p>

      {/* A new version (a save, or an order taking stock) gives a fresh form; a refused save keeps what was typed. */}
      <ProductForm
        key={product.version}
        lastResult={answer?.intent === "save" ? answer.result : undefined}
        constraint={constraints.product}
        defaults={defaults}
        specForms={specForms}
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
