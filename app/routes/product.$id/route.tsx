import { parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { requireCustomer } from "~/auth.server";
import { Toasts } from "~/components/layout/Toasts";
import { NotFound } from "~/components/NotFound";
import { ProductGallery } from "~/components/product/ProductGallery";
import { ProductSection } from "~/components/product/ProductGrid";
import { SanitizedHtml } from "~/components/SanitizedHtml";
import { Breadcrumbs } from "~/components/ui/Breadcrumbs";
import { config } from "~/config.server";
import { getDb } from "~/db/db.server";
import { replyInvalid, replyWithError } from "~/form-reply.server";
import { productPageSchema } from "~/lib/forms/product";
import { successMessages } from "~/lib/messages";
import { parseId } from "~/lib/params";
import { productMetaTags } from "~/lib/product-page";
import { shop } from "~/lib/shop";
import { cutText } from "~/lib/text";
import { addToCart, cartProblemMessage } from "~/modules/cart/cart.server";
import { productPageView } from "~/modules/catalogue/product-detail.server";
import { saveReview } from "~/modules/reviews/reviews.server";
import { readForm } from "~/read-form.server";
import { currentCustomer } from "~/request.server";
import productStyles from "~/styles/product.css";
import { toasts } from "~/toast.server";
import { categoryUrl } from "./ProductFacts";
import { ProductSummary } from "./ProductSummary";
import { Reviews } from "./Reviews";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: productStyles }];

const notFound = () => new Response("Product not found", { status: 404 });
const unknownForm = () => new Response("Unknown form", { status: 400 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const customer = await currentCustomer(request);
  const view = await productPageView(await getDb(), id, {
    customerId: customer?.id,
    publicUrl: config().publicUrl,
    imageParam: new URL(request.url).searchParams.get("image"),
  });
  if (!view) throw notFound();
  return json(view);
}

/** Add to Cart and Submit Review, told apart by the submit button's intent; both need a signed-in customer. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const formData = await readForm(request);
  const here = `/product/${id}`;
  const customer = await requireCustomer(
    request,
    formData.get("intent") === "review" ? `${here}#reviews` : here,
  );
  const submission = parseWithZod(formData, { schema: productPageSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw unknownForm();
    return replyInvalid(submission, { toastFirst: true }, { intent: String(formData.get("intent")) });
  }
  const db = await getDb();
  const form = submission.value;
  switch (form.intent) {
    case "review": {
      if (!(await saveReview(db, customer.id, id, form))) throw notFound();
      return toasts().redirectWithSuccess(`${here}#reviews`, successMessages.ratingAdded, { status: 303 });
    }
    case "add-to-cart": {
      const change = await addToCart(db, customer.id, {
        productId: id,
        colourId: form.color,
        quantity: form.quantity,
      });
      if (change.ok) return toasts().redirectWithSuccess(here, successMessages.addedToCart, { status: 303 });
      if (change.problem === "no-product") throw notFound();
      // Hidden while the page was open: its page is gone, so the shopper is told so in the store.
      if (change.problem === "unavailable") {
        return toasts().redirectWithError("/product", cartProblemMessage(change), { status: 303 });
      }
      const field = change.problem === "no-colour" ? "color" : "quantity";
      return replyWithError(
        submission,
        cartProblemMessage(change),
        { status: 409, field },
        { intent: form.intent },
      );
    }
    default:
      throw unknownForm();
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? productMetaTags(data.product.title, data.seo) : [{ title: `Product not found | ${shop.name}` }];

export default function ProductPage() {
  const { product, images, selectedImage, reviews, popular, inCart, wished, popularWished, seo } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="container page product-page">
      <Toasts toast={answer?.toast ?? null} />
      <Breadcrumbs
        trail={[
          { label: "Our Store", to: "/product" },
          { label: product.category, to: categoryUrl(product.category) },
        ]}
        current={cutText(product.title, 40)}
      />
      <article className="product-detail" aria-labelledby="product-title">
        <ProductGallery key={`${product.id}-${selectedImage}`} images={images} initial={selectedImage} />
        <ProductSummary
          product={product}
          reviewCount={reviews.count}
          inCart={inCart}
          wished={wished}
          url={seo.url}
          lastResult={answer?.intent === "add-to-cart" ? answer.result : undefined}
        />
      </article>

      <section className="product-section description" aria-labelledby="description-heading">
        <h2 id="description-heading">Description</h2>
        <SanitizedHtml html={product.description} className="rich-text" />
      </section>

      <Reviews
        rating={product.totalRating}
        count={reviews.count}
        items={reviews.items}
        lastResult={answer?.intent === "review" ? answer.result : undefined}
      />

      <ProductSection
        id="popular-heading"
        title="Our Popular Products"
        sectionClassName="product-section popular"
        products={popular}
        wished={popularWished}
        empty="No popular products available."
      />

      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON built on the server; serializeJsonLd escapes <, > and &.
        dangerouslySetInnerHTML={{ __html: seo.jsonLd }}
      />
    </div>
  );
}

/**
 * An unknown or malformed id shows the shop's 404 page here rather than in the root boundary, so this route's
 * meta still gives the tab a "Product not found" title. Anything else gets the root's general message.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <section className="container page error-page">
      <h1>Something Went Wrong</h1>
      <p>We could not show this product just now. Please try again in a moment.</p>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </section>
  );
}
