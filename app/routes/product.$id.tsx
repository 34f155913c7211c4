import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import { NotFound } from "~/components/NotFound";
import { CopyProductLink } from "~/components/product/CopyProductLink";
import { FALLBACK_IMAGE, ProductCard } from "~/components/product/ProductCard";
import { ProductGallery } from "~/components/product/ProductGallery";
import { Stars } from "~/components/product/Stars";
import { SanitizedHtml } from "~/components/SanitizedHtml";
import { config } from "~/config.server";
import { getDb } from "~/db/db.server";
import { formatLongDate } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { parseId } from "~/lib/params";
import {
  absoluteUrl,
  availabilityLabel,
  galleryImages,
  paiseToDecimalRupees,
  productJsonLd,
  quantityOptions,
  selectedImageIndex,
  serializeJsonLd,
} from "~/lib/product-page";
import { shop } from "~/lib/shop";
import { parseStoreFilters, storeUrl, TAGS, type Tag } from "~/lib/store-filters";
import { cutText, discountPercent } from "~/lib/text";
import { productDetailPage } from "~/modules/catalogue/product-detail.server";
import { plainText, sanitizeDescription } from "~/modules/content/sanitize.server";
import { currentCustomer } from "~/request.server";
import productStyles from "~/styles/product.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: productStyles }];

function notFound(): Response {
  return new Response("Product not found", { status: 404 });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const db = await getDb();
  const customer = await currentCustomer(request);
  const page = await productDetailPage(db, id, customer?.id);
  if (!page) throw notFound();
  const { product, reviews, popular, wished } = page;

  const url = absoluteUrl(config().publicUrl, `/product/${product.id}`);
  const images = galleryImages(product.images, product.title, FALLBACK_IMAGE);
  const text = plainText(product.description);
  const summary = cutText(text, 157, "...");
  const imageUrls = images.map((image) => absoluteUrl(config().publicUrl, image.url));

  return json({
    product: {
      id: product.id,
      title: product.title,
      brand: product.brand,
      category: product.category,
      productType: product.productType,
      tags: product.tags.filter((tag): tag is Tag => (TAGS as readonly string[]).includes(tag)),
      originalPrice: product.originalPrice,
      discountedPrice: product.discountedPrice,
      totalRating: product.totalRating,
      quantity: product.quantity,
      colours: product.colours,
      description: sanitizeDescription(product.description),
    },
    images,
    selectedImage: selectedImageIndex(new URL(request.url).searchParams.get("image"), images.length),
    reviews: {
      count: reviews.count,
      items: reviews.reviews.map((review) => ({
        id: review.id,
        star: review.star,
        comment: review.comment,
        createdAt: review.createdAt.toISOString(),
      })),
    },
    popular,
    wished: wished.includes(product.id),
    popularWished: popular.filter((card) => wished.includes(card.id)).map((card) => card.id),
    seo: {
      url,
      summary,
      image: imageUrls[0] ?? absoluteUrl(config().publicUrl, FALLBACK_IMAGE),
      imageAlt: images[0]?.alt ?? product.title,
      price: paiseToDecimalRupees(product.discountedPrice),
      jsonLd: serializeJsonLd(
        productJsonLd({
          id: product.id,
          title: product.title,
          description: cutText(text, 1000, "..."),
          brand: product.brand,
          category: product.category,
          productType: product.productType,
          images: imageUrls,
          url,
          price: product.discountedPrice,
          stock: product.quantity,
          rating: reviews.average === null ? null : { average: reviews.average, count: reviews.count },
        }),
      ),
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Product not found | ${shop.name}` }];
  const { product, seo } = data;
  return [
    { title: `${product.title} | ${shop.name}` },
    { name: "description", content: seo.summary },
    { tagName: "link", rel: "canonical", href: seo.url },
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: shop.name },
    { property: "og:title", content: product.title },
    { property: "og:description", content: seo.summary },
    { property: "og:url", content: seo.url },
    { property: "og:image", content: seo.image },
    { property: "og:image:alt", content: seo.imageAlt },
    { property: "product:price:amount", content: seo.price },
    { property: "product:price:currency", content: "INR" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
};

const typeLabel = { new: "New", refurbished: "Refurbished", rental: "Rental" } as const;
const tagLabel: Record<Tag, string> = { featured: "Featured", special: "Special", popular: "Popular" };
const noFilters = parseStoreFilters(new URLSearchParams());

export default function ProductPage() {
  const { product, images, selectedImage, reviews, popular, wished, popularWished, seo } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const discount = discountPercent(product.originalPrice, product.discountedPrice);
  const quantities = quantityOptions(product.quantity);
  const availability = availabilityLabel(product.quantity);

  return (
    <div className="container page product-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> / <Link to="/product">Our Store</Link> /{" "}
        <Link to={storeUrl(noFilters, { category: product.category })}>{product.category}</Link> /{" "}
        <span aria-current="page">{cutText(product.title, 40)}</span>
      </nav>

      <article className="product-detail" aria-labelledby="product-title">
        <ProductGallery key={`${product.id}-${selectedImage}`} images={images} initial={selectedImage} />

        <div className="product-summary">
          <p className="product-kicker">
            <span className="product-brand">{product.brand}</span>
            <span className="product-type">{typeLabel[product.productType]}</span>
          </p>
          <h1 id="product-title">{product.title}</h1>

          <div className="product-rating">
            <Stars rating={product.totalRating} size={20} />
            <span className="review-count">
              {reviews.count} {reviews.count === 1 ? "review" : "reviews"}
            </span>
            <a href="#reviews" className="write-review-link">
              Write a Review
            </a>
          </div>

          <div className="product-price-block">
            <p className="price product-price">
              <span className="offer-price">
                <span className="visually-hidden">Offer price </span>
                {formatRupees(product.discountedPrice)}
              </span>
              {product.originalPrice > product.discountedPrice ? (
                <s className="mrp">
                  <span className="visually-hidden">MRP </span>
                  {formatRupees(product.originalPrice)}
                </s>
              ) : null}
              {discount > 0 ? <span className="discount-off">{discount}% off</span> : null}
            </p>
            <p className="tax-line">Inclusive of all taxes</p>
          </div>

          <dl className="product-facts">
            <div>
              <dt>Type</dt>
              <dd>{typeLabel[product.productType]}</dd>
            </div>
            <div>
              <dt>Brand</dt>
              <dd>
                <Link to={storeUrl(noFilters, { brand: product.brand })}>{product.brand}</Link>
              </dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>
                <Link to={storeUrl(noFilters, { category: product.category })}>{product.category}</Link>
              </dd>
            </div>
            <div>
              <dt>Tags</dt>
              <dd>
                {product.tags.length === 0
                  ? "None"
                  : product.tags.map((tag, index) => (
                      <span key={tag}>
                        {index > 0 ? ", " : null}
                        <Link to={storeUrl(noFilters, { tag })}>{tagLabel[tag]}</Link>
                      </span>
                    ))}
              </dd>
            </div>
            <div>
              <dt>Availability</dt>
              <dd className={product.quantity > 0 ? "in-stock" : "out-of-stock"}>{availability}</dd>
            </div>
          </dl>

          {/* The cart issue adds the "Add to Cart" button (and the action that handles it) to this form. */}
          <Form method="post" className="purchase-form" noValidate>
            {product.colours.length > 0 ? (
              <fieldset className="colour-picker">
                <legend>Color</legend>
                <div className="colour-options">
                  {product.colours.map((colour) => (
                    <label key={colour.id} className="colour-option">
                      <input type="radio" name="color" value={colour.id} />
                      <span className="colour-dot" style={{ background: colour.value }} aria-hidden="true" />
                      <span className="colour-name">{colour.name}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            {quantities.length > 0 ? (
              <label className="quantity-field">
                Quantity
                <select name="quantity" defaultValue="1">
                  {quantities.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <p className="sold-out-note">This product is out of stock just now.</p>
            )}
          </Form>

          <div className="product-actions">
            <Form method="post" action="/wishlist" className="product-wishlist">
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="productId" value={product.id} />
              <input type="hidden" name="redirectTo" value={here} />
              <button type="submit" className={wished ? "action-button wished" : "action-button"}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2 0 3.4 1 4.2 2.3h2.4c.8-1.3 2.2-2.3 4.2-2.3 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z" />
                </svg>
                {wished ? "Remove from Wishlist" : "Add to Wishlist"}
              </button>
            </Form>
            <Form method="post" action="/compare-product" className="product-compare">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="productId" value={product.id} />
              <input type="hidden" name="redirectTo" value={here} />
              <button type="submit" className="action-button">
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M7 4 3 8l4 4V9h8V7H7zm10 8v3H9v2h8v3l4-4z" />
                </svg>
                Add to compare
              </button>
            </Form>
          </div>

          <section className="shipping-note" aria-labelledby="shipping-heading">
            <h2 id="shipping-heading">Shipping &amp; Returns</h2>
            <p>Free shipping and returns available on all orders. Delivery within 5-10 business days.</p>
          </section>

          <CopyProductLink url={seo.url} />
        </div>
      </article>

      <section className="product-section description" aria-labelledby="description-heading">
        <h2 id="description-heading">Description</h2>
        <SanitizedHtml html={product.description} className="rich-text" />
      </section>

      <section id="reviews" className="product-section reviews" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Customer Reviews</h2>
        <p className="reviews-summary">
          <Stars rating={product.totalRating} />
          <span>
            Based on {reviews.count} {reviews.count === 1 ? "review" : "reviews"}
          </span>
        </p>
        {/* The reviews issue adds the star input, comment box and Submit Review here. */}
        {reviews.items.length === 0 ? (
          <p className="no-reviews">No reviews yet.</p>
        ) : (
          <ul className="review-list">
            {reviews.items.map((review) => (
              <li key={review.id} className="review">
                <p className="review-head">
                  <span className="review-author">Customer</span>
                  <Stars rating={review.star} />
                  <time dateTime={review.createdAt}>{formatLongDate(review.createdAt)}</time>
                </p>
                <p className="review-comment">{review.comment}</p>
              </li>
            ))}
          </ul>
        )}
        {reviews.count > reviews.items.length ? (
          <p className="reviews-more">
            Showing the {reviews.items.length} most recent of {reviews.count} reviews.
          </p>
        ) : null}
      </section>

      <section className="product-section popular" aria-labelledby="popular-heading">
        <h2 id="popular-heading">Our Popular Products</h2>
        {popular.length > 0 ? (
          <div className="product-grid grid-3">
            {popular.map((card) => (
              <ProductCard
                key={card.id}
                product={card}
                titleLimit={70}
                titleSuffix="..."
                wished={popularWished.includes(card.id)}
              />
            ))}
          </div>
        ) : (
          <p className="empty-state">No popular products available.</p>
        )}
      </section>

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
  if (!isRouteErrorResponse(error)) console.error(error);
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
