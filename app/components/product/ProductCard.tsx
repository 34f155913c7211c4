import { Form, Link, useLocation } from "@remix-run/react";
import { formatRupees } from "~/lib/money";
import { cutText, discountPercent } from "~/lib/text";
import type { ProductCardData } from "~/modules/catalogue/products.server";
import { Stars } from "./Stars";
import { WishlistHeart } from "./WishlistHeart";

export const FALLBACK_IMAGE = "/images/products/fallback.svg";

const typeLabel = { new: "New", refurbished: "Refurbished", rental: "Rental" } as const;

export function ProductCard({
  product,
  titleLimit,
  titleSuffix = "…",
  showTaxLine = false,
  wished = false,
}: {
  product: ProductCardData;
  /** Characters to keep of the title; undefined keeps it whole. */
  titleLimit?: number;
  titleSuffix?: string;
  showTaxLine?: boolean;
  /** Whether the product is on the signed-in customer's wishlist. */
  wished?: boolean;
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const discount = discountPercent(product.originalPrice, product.discountedPrice);
  const title = titleLimit === undefined ? product.title : cutText(product.title, titleLimit, titleSuffix);
  return (
    <article className="product-card">
      {discount > 0 ? <span className="discount-badge">-{discount}%</span> : null}
      <WishlistHeart productId={product.id} title={product.title} wished={wished} />
      <Link to={`/product/${product.id}`} className="product-card-image" tabIndex={-1} aria-hidden="true">
        <img
          src={product.image ?? FALLBACK_IMAGE}
          alt=""
          width="300"
          height="300"
          loading="lazy"
          decoding="async"
        />
      </Link>
      <div className="product-card-body">
        <p className="product-card-meta">
          <span className="product-type">{typeLabel[product.productType]}</span>
          <span className="product-brand">{product.brand}</span>
        </p>
        <h3 className="product-card-title">
          <Link to={`/product/${product.id}`} title={product.title}>
            {title}
          </Link>
        </h3>
        <Stars rating={product.totalRating} />
        <p className="price">
          {product.originalPrice > product.discountedPrice ? (
            <s className="mrp">
              <span className="visually-hidden">MRP </span>
              {formatRupees(product.originalPrice)}
            </s>
          ) : null}
          <span className="offer-price">
            <span className="visually-hidden">Offer price </span>
            {formatRupees(product.discountedPrice)}
          </span>
        </p>
        {showTaxLine ? <p className="tax-line">Inclusive of all taxes</p> : null}
        <Form method="post" action="/compare-product" className="compare-form">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" className="compare-button">
            Add to compare<span className="visually-hidden">: {product.title}</span>
          </button>
        </Form>
      </div>
    </article>
  );
}
