import type { HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { PageError } from "~/components/layout/PageError";
import { Toasts } from "~/components/layout/Toasts";
import { SanitizedHtml } from "~/components/SanitizedHtml";
import { ProductGallery, ProductSection } from "~/features/catalogue";
import { shop } from "~/lib/shop";
import { cutText } from "~/lib/text";
import productStyles from "~/styles/product.css?url";
import type { action } from "./action.server";
import type { loader } from "./loader.server";
import { ProductSummary } from "./ProductSummary";
import { Reviews } from "./Reviews";
import { Specifications } from "./Specifications";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: productStyles }];

/** The page's data is read in loader.server.ts, so its JavaScript leaves out what that needs. */
export { loader } from "./loader.server";

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The form posts are handled in action.server.ts, so the page's JavaScript leaves out what they need. */
export { action } from "./action.server";

// The tags are made by the loader: the code that writes them stays out of the page's JavaScript.
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? data.metaTags : [{ title: `Product not found | ${shop.name}` }];

export default function ProductPage() {
  const {
    product,
    images,
    selectedImage,
    reviews,
    popular,
    specs,
    rental,
    inCart,
    wished,
    popularWished,
    seo,
    whatsapp,
    delivery,
    storeLinks,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="container page product-page">
      <Toasts toast={answer?.toast ?? null} />
      <Breadcrumbs
        trail={[
          { label: "Our Store", to: "/product" },
          { label: product.category, to: storeLinks.category },
        ]}
        current={cutText(product.title, 40)}
      />
      <article className="product-detail" aria-labelledby="product-title">
        <ProductGallery key={`${product.id}-${selectedImage}`} images={images} initial={selectedImage} />
        <ProductSummary
          product={product}
          rental={rental}
          reviewCount={reviews.count}
          inCart={inCart}
          wished={wished}
          url={seo.url}
          whatsapp={whatsapp}
          delivery={delivery}
          storeLinks={storeLinks}
          lastResult={answer?.intent === "add-to-cart" ? answer.result : undefined}
        />
      </article>

      <section className="product-section description" aria-labelledby="description-heading">
        <h2 id="description-heading">Description</h2>
        <SanitizedHtml html={product.description} className="rich-text" />
      </section>

      <Specifications groups={specs} />

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
 * meta still gives the tab a "Product not found" title; anything else, the shop's own error page.
 */
export const ErrorBoundary = PageError;
