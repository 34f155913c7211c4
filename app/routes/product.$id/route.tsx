import {
  type HeadersFunction,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { Toasts } from "~/components/layout/Toasts";
import { NotFound } from "~/components/NotFound";
import { ProductGallery } from "~/components/product/ProductGallery";
import { ProductSection } from "~/components/product/ProductGrid";
import { SanitizedHtml } from "~/components/SanitizedHtml";
import { Breadcrumbs } from "~/components/ui/Breadcrumbs";
import { config } from "~/config.server";
import { getDb } from "~/db/db.server";
import { parseId } from "~/lib/params";
import { productMetaTags } from "~/lib/product-page";
import { productShareText, whatsAppAskUrl, whatsAppShareUrl } from "~/lib/share";
import { shop } from "~/lib/shop";
import { cutText } from "~/lib/text";
import { productPageView } from "~/modules/catalogue/product-detail.server";
import { deliveryCheck } from "~/modules/delivery/delivery-check.server";
import { readShopSettings } from "~/modules/settings/settings.server";
import { currentCustomer } from "~/request.server";
import productStyles from "~/styles/product.css";
import type { action } from "./action.server";
import { categoryUrl } from "./ProductFacts";
import { ProductSummary } from "./ProductSummary";
import { Reviews } from "./Reviews";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: productStyles }];

const notFound = () => new Response("Product not found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const customer = await currentCustomer(request);
  const db = await getDb();
  const [view, settings] = await Promise.all([
    productPageView(db, id, {
      customerId: customer?.id,
      publicUrl: config().publicUrl,
      imageParam: new URL(request.url).searchParams.get("image"),
    }),
    readShopSettings(db),
  ]);
  if (!view) throw notFound();
  const shareText = productShareText(view.product.title, view.product.discountedPrice);
  const whatsapp = {
    text: shareText,
    share: whatsAppShareUrl(shareText, view.seo.url),
    ask: whatsAppAskUrl(settings.whatsapp, view.product.title, view.seo.url),
  };
  const { check, setCookie } = await deliveryCheck(db, request, customer?.id);
  // A delivery date is the shopper's own, and the time left to order changes by the minute.
  const headers: HeadersInit = check ? { "Cache-Control": "private, no-store" } : {};
  return json(
    { ...view, whatsapp, delivery: check },
    { headers: setCookie ? { ...headers, "Set-Cookie": setCookie } : headers },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The form posts are handled in action.server.ts, so the page's JavaScript leaves out what they need. */
export { action } from "./action.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? productMetaTags(data.product.title, data.seo) : [{ title: `Product not found | ${shop.name}` }];

export default function ProductPage() {
  const {
    product,
    images,
    selectedImage,
    reviews,
    popular,
    inCart,
    wished,
    popularWished,
    seo,
    whatsapp,
    delivery,
  } = useLoaderData<typeof loader>();
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
          whatsapp={whatsapp}
          delivery={delivery}
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
