import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { requireCustomer } from "~/auth.server";
import { Toasts, type ToastView } from "~/components/layout/Toasts";
import { NotFound } from "~/components/NotFound";
import { CopyProductLink } from "~/components/product/CopyProductLink";
import { FALLBACK_IMAGE, ProductCard } from "~/components/product/ProductCard";
import { ProductGallery } from "~/components/product/ProductGallery";
import { StarInput } from "~/components/product/StarInput";
import { Stars } from "~/components/product/Stars";
import { WishlistHeart } from "~/components/product/WishlistHeart";
import { SanitizedHtml } from "~/components/SanitizedHtml";
import { config } from "~/config.server";
import { getDb } from "~/db/db.server";
import { formatLongDate } from "~/lib/dates";
import { addToCartSchema, reviewSchema } from "~/lib/forms/product";
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
import { addToCart, cartLineFor, cartProblemMessage } from "~/modules/cart/cart.server";
import { productDetailPage } from "~/modules/catalogue/product-detail.server";
import { plainText, sanitizeDescription } from "~/modules/content/sanitize.server";
import { saveReview } from "~/modules/reviews/reviews.server";
import { readForm } from "~/read-form.server";
import { currentCustomer } from "~/request.server";
import productStyles from "~/styles/product.css";
import { inlineToast, toasts } from "~/toast.server";

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
  const inCart = (await cartLineFor(db, customer?.id, product.id)) !== null;

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
    inCart,
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

type ActionAnswer = {
  intent: "add-to-cart" | "review";
  result: SubmissionResult<string[]>;
  toast: ToastView | null;
};

/** Add to Cart and Submit Review. Both need a signed-in customer; prices and ratings come from the database. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const formData = await readForm(request);
  const intent = formData.get("intent") === "review" ? "review" : "add-to-cart";
  const here = `/product/${id}`;
  const customer = await requireCustomer(request, intent === "review" ? `${here}#reviews` : here);
  const db = await getDb();
  const refuse = (result: SubmissionResult<string[]>, message: string | null, status: number) =>
    json<ActionAnswer>({ intent, result, toast: message ? inlineToast("error", message) : null }, { status });

  if (intent === "review") {
    const submission = parseWithZod(formData, { schema: reviewSchema });
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).flat()[0] ?? null;
      return refuse(submission.reply(), first, 400);
    }
    if (!(await saveReview(db, customer.id, id, submission.value))) throw notFound();
    return toasts().redirectWithSuccess(`${here}#reviews`, "Rating Added Successfully", { status: 303 });
  }

  const submission = parseWithZod(formData, { schema: addToCartSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? null;
    return refuse(submission.reply(), first, 400);
  }
  const change = await addToCart(db, customer.id, {
    productId: id,
    colourId: submission.value.color,
    quantity: submission.value.quantity,
  });
  if (!change.ok) {
    if (change.problem === "no-product") throw notFound();
    const message = cartProblemMessage(change);
    const field = change.problem === "no-colour" ? "color" : "quantity";
    return refuse(submission.reply({ fieldErrors: { [field]: [message] } }), message, 409);
  }
  return toasts().redirectWithSuccess(here, "Product Added To Cart", { status: 303 });
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
  const { product, images, selectedImage, reviews, popular, inCart, wished, popularWished, seo } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const discount = discountPercent(product.originalPrice, product.discountedPrice);
  const quantities = quantityOptions(product.quantity);
  const availability = availabilityLabel(product.quantity);

  return (
    <div className="container page product-page">
      <Toasts toast={answer?.toast ?? null} />
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

          <PurchaseForm
            colours={product.colours}
            quantities={quantities}
            inCart={inCart}
            lastResult={answer?.intent === "add-to-cart" ? answer.result : undefined}
          />

          <div className="product-actions">
            <WishlistHeart productId={product.id} title={product.title} wished={wished} variant="button" />
            <Form method="post" action="/compare-product" className="product-compare">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="productId" value={product.id} />
              <input type="hidden" name="redirectTo" value={`/product/${product.id}`} />
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
        <ReviewForm lastResult={answer?.intent === "review" ? answer.result : undefined} />
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

/** Colour, quantity and Add to Cart; once the product is in the cart, a Go to Cart link instead. */
function PurchaseForm({
  colours,
  quantities,
  inCart,
  lastResult,
}: {
  colours: { id: number; name: string; value: string }[];
  quantities: number[];
  inCart: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ color: string; quantity: string }>({
    id: "add-to-cart",
    lastResult,
    // Checked on the server only, so the spec's toast ('Please choose Color') shows with JavaScript too.
  });
  if (inCart) {
    return (
      <div className="purchase-form in-cart">
        <p className="in-cart-note">This product is in your cart.</p>
        <Link to="/cart" className="button add-to-cart-button">
          Go to Cart
        </Link>
      </div>
    );
  }
  if (quantities.length === 0) {
    return <p className="sold-out-note">This product is out of stock just now.</p>;
  }
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-to-cart";
  return (
    <Form method="post" className="purchase-form" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="add-to-cart" />
      <fieldset
        className="colour-picker"
        aria-invalid={fields.color.errors ? true : undefined}
        aria-describedby={fields.color.errors ? fields.color.errorId : undefined}
      >
        <legend>Color</legend>
        <div className="colour-options">
          {colours.map((colour) => (
            <label key={colour.id} className="colour-option">
              <input
                type="radio"
                name="color"
                value={colour.id}
                defaultChecked={fields.color.initialValue === String(colour.id)}
              />
              <span className="colour-dot" style={{ background: colour.value }} aria-hidden="true" />
              <span className="colour-name">{colour.name}</span>
            </label>
          ))}
        </div>
        {fields.color.errors ? (
          <p id={fields.color.errorId} className="field-error">
            {fields.color.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <label className="quantity-field">
        Quantity
        <select
          name="quantity"
          defaultValue={fields.quantity.initialValue ?? "1"}
          aria-invalid={fields.quantity.errors ? true : undefined}
          aria-describedby={fields.quantity.errors ? fields.quantity.errorId : undefined}
        >
          {quantities.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {fields.quantity.errors ? (
        <p id={fields.quantity.errorId} className="field-error">
          {fields.quantity.errors[0]}
        </p>
      ) : null}
      <button type="submit" className="add-to-cart-button" disabled={adding}>
        {adding ? "Adding…" : "Add to Cart"}
      </button>
    </Form>
  );
}

/** Stars as a radio group (keyboard and no-JS friendly), a comment and Submit Review. */
function ReviewForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ star: string; comment: string }>({
    id: "review-form",
    lastResult,
    // Checked on the server only, so the spec's toasts show with JavaScript too.
  });
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  return (
    <Form
      method="post"
      className="review-form"
      preventScrollReset
      {...getFormProps(form)}
      aria-labelledby="write-review-heading"
    >
      <h3 id="write-review-heading">Write a Review</h3>
      <input type="hidden" name="intent" value="review" />
      <StarInput
        name="star"
        defaultValue={fields.star.initialValue}
        errorId={fields.star.errors ? fields.star.errorId : undefined}
      />
      {fields.star.errors ? (
        <p id={fields.star.errorId} className="field-error">
          {fields.star.errors[0]}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={fields.comment.id}>Comments</label>
        <textarea
          id={fields.comment.id}
          name="comment"
          rows={4}
          defaultValue={fields.comment.initialValue ?? ""}
          aria-invalid={fields.comment.errors ? true : undefined}
          aria-describedby={fields.comment.errors ? fields.comment.errorId : undefined}
        />
        {fields.comment.errors ? (
          <p id={fields.comment.errorId} className="field-error">
            {fields.comment.errors[0]}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={sending}>
        {sending ? "Sending…" : "Submit Review"}
      </button>
    </Form>
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
