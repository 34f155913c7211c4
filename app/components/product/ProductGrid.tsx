import { TITLE_CUTS } from "~/lib/limits";
import type { ProductCardData } from "~/modules/catalogue/products.server";
import { ProductCard } from "./ProductCard";

/**
 * A grid of product cards, or `empty` when there are none. `wished` holds the signed-in customer's wishlist
 * ids (true: every product shown is on it, as on the wishlist page).
 */
export function ProductGrid({
  products,
  wished,
  className = "product-grid grid-3",
  titleLimit,
  titleSuffix,
  showTaxLine,
  empty,
}: {
  products: ProductCardData[];
  wished: readonly number[] | true;
  className?: string;
  titleLimit?: number;
  titleSuffix?: string;
  showTaxLine?: boolean;
  empty: string;
}) {
  if (products.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <div className={className}>
      {products.map((product) => (
        <ProductCard
          key={product.id}
          product={product}
          titleLimit={titleLimit}
          titleSuffix={titleSuffix}
          showTaxLine={showTaxLine}
          wished={wished === true || wished.includes(product.id)}
        />
      ))}
    </div>
  );
}

/**
 * A titled section of product cards outside the store (home's Featured Collection and Our Popular Products,
 * the product page's popular products): three a row, titles cut as on the home page.
 */
export function ProductSection({
  id,
  title,
  sectionClassName = "container section",
  titleLimit = TITLE_CUTS.home,
  titleSuffix = "...",
  ...grid
}: { id: string; title: string; sectionClassName?: string } & Parameters<typeof ProductGrid>[0]) {
  return (
    <section className={sectionClassName} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ProductGrid titleLimit={titleLimit} titleSuffix={titleSuffix} {...grid} />
    </section>
  );
}
