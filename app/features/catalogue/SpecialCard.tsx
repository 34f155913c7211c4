import { Link } from "@remix-run/react";
import { TITLE_CUTS } from "~/lib/limits";
import { cutText } from "~/lib/text";
import type { ProductCardData } from "./cards.server";
import { FALLBACK_IMAGE } from "./catalogue";
import { Price } from "./Price";
import { Stars } from "./Stars";

/** Home's special offer card: brand, short title, rating, prices, units left with a sold-vs-stock bar. */
export function SpecialCard({ product }: { product: ProductCardData }) {
  const soldShare =
    product.sold + product.quantity > 0 ? product.sold / (product.sold + product.quantity) : 0;
  return (
    <article className="special-card">
      <img src={product.image ?? FALLBACK_IMAGE} alt="" width="160" height="160" loading="lazy" />
      <div className="special-card-body">
        <p className="product-brand">{product.brand}</p>
        <h3 className="special-card-title" title={product.title}>
          {cutText(product.title, TITLE_CUTS.special)}
        </h3>
        <Stars rating={product.totalRating} />
        <Price offer={product.discountedPrice} mrp={product.originalPrice} />
        <p className="special-count">Products: {product.quantity}</p>
        <meter
          className="stock-bar"
          min={0}
          max={1}
          value={soldShare}
          aria-label={`${product.sold} sold, ${product.quantity} left in stock`}
        />
        <Link to={`/product/${product.id}`} className="button">
          View<span className="visually-hidden"> {product.title}</span>
        </Link>
      </div>
    </article>
  );
}
