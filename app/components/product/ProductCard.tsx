import { Form, Link, useLocation } from "@remix-run/react";
import { FALLBACK_IMAGE, productTypeLabels } from "~/lib/catalogue";
import { cutText, discountPercent } from "~/lib/text";
import type { ProductCardData } from "~/modules/catalogue/products.server";
import { Price, TaxLine } from "./Price";
import { Stars } from "./Stars";
import { WishlistHeart } from "./WishlistHeart";

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
          <span className="product-type">{productTypeLabels[product.productType]}</span>
          <span className="product-brand">{product.brand}</span>
        </p>
        <h3 className="product-card-title">
          <Link to={`/product/${product.id}`} title={product.title}>
            {title}
          </Link>
        </h3>
        <Stars rating={product.totalRating} />
        <Price offer={product.discountedPrice} mrp={product.originalPrice} />
        {showTaxLine ? <TaxLine /> : null}
        <Form method="post" action="/compare-product" className="compare-form">
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" name="intent" value="add" className="compare-button">
            Add to compare<span className="visually-hidden">: {product.title}</span>
          </button>
        </Form>
      </div>
    </article>
  );
}
