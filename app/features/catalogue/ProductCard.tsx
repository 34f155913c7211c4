import { Link } from "@remix-run/react";
import { highFetchPriority } from "~/lib/fetch-priority";
import { formatRupees } from "~/lib/money";
import { cutText, discountPercent } from "~/lib/text";
import type { GridCardData } from "./cards.server";
import { FALLBACK_IMAGE, productTypeLabels } from "./catalogue";
import { Price, TaxLine } from "./Price";
import { Stars } from "./Stars";
import { WishlistHeart } from "./WishlistHeart";

/**
 * A product card. Kept lean because a store page shows 24: the picture is not a link of its own (the title
 * link's ::before covers it, app.css), and "Add to compare" is a button of the grid's one compare form
 * (`compareForm`, its id), which carries the intent and the way back. Words only screen readers need (the
 * title after "Add to compare", "MRP", "Offer price") are spans hidden by app.css where they sit, without a
 * class repeated in every card.
 */
export function ProductCard({
  product,
  compareForm,
  titleLimit,
  titleSuffix = "…",
  showTaxLine = false,
  wished = false,
  eager = false,
}: {
  product: GridCardData;
  /** Id of the compare form this card's "Add to compare" button submits (ProductGrid renders it). */
  compareForm: string;
  /** Characters to keep of the title; undefined keeps it whole. */
  titleLimit?: number;
  titleSuffix?: string;
  showTaxLine?: boolean;
  /** Whether the product is on the signed-in customer's wishlist. */
  wished?: boolean;
  /** Load the picture at once: the first row is on the first screen, where lazy loading only delays it. */
  eager?: boolean;
}) {
  // A rental's price columns are its rents (decision 0043): it shows the lowest a month, and no discount.
  const rental = product.productType === "rental";
  const discount = rental ? 0 : discountPercent(product.originalPrice, product.discountedPrice);
  const title = titleLimit === undefined ? product.title : cutText(product.title, titleLimit, titleSuffix);
  return (
    <article className="product-card">
      {discount > 0 ? <span className="discount-badge">{`-${discount}%`}</span> : null}
      <WishlistHeart productId={product.id} title={product.title} wished={wished} />
      <img
        src={product.image ?? FALLBACK_IMAGE}
        alt=""
        width="300"
        height="300"
        loading={eager ? undefined : "lazy"}
        {...(eager ? highFetchPriority : undefined)}
      />
      <div className="product-card-body">
        <p className="product-card-meta">
          {productTypeLabels[product.productType]}
          <span className="product-brand">{product.brand}</span>
        </p>
        <h3 className="product-card-title">
          {/* The whole title on hover only where the card cuts it: it would repeat the link's text. */}
          <Link to={`/product/${product.id}`} title={title === product.title ? undefined : product.title}>
            {title}
          </Link>
        </h3>
        <Stars rating={product.totalRating} />
        {rental ? (
          <p className="price">
            From <span className="offer-price">{formatRupees(product.discountedPrice)}</span> / month
          </p>
        ) : (
          <Price offer={product.discountedPrice} mrp={product.originalPrice} />
        )}
        {showTaxLine ? <TaxLine /> : null}
        <button type="submit" form={compareForm} name="productId" value={product.id}>
          Add to compare<span>{`: ${product.title}`}</span>
        </button>
      </div>
    </article>
  );
}
