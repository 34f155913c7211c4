import { Form, useLocation } from "@remix-run/react";
import { useId } from "react";
import { TITLE_CUTS } from "~/lib/limits";
import type { GridCardData } from "./cards.server";
import { ProductCard } from "./ProductCard";

/**
 * A grid of product cards, or `empty` when there are none. `wished` holds the signed-in customer's wishlist
 * ids (true: every product shown is on it, as on the wishlist page). The cards' "Add to compare" buttons all
 * submit one compare form rendered here (hidden: it holds only the intent and the way back), so a card carries
 * a button instead of a form of its own.
 */
export function ProductGrid({
  products,
  wished,
  className = "product-grid grid-3",
  titleLimit,
  titleSuffix,
  showTaxLine,
  empty,
  eagerImages = 0,
}: {
  products: GridCardData[];
  wished: readonly number[] | true;
  className?: string;
  titleLimit?: number;
  titleSuffix?: string;
  showTaxLine?: boolean;
  empty: string;
  /** How many of the first cards load their pictures at once (the first row of a page's main grid). */
  eagerImages?: number;
}) {
  const location = useLocation();
  const compareForm = useId();
  if (products.length === 0) return <p className="empty-state">{empty}</p>;
  const wishedIds = wished === true ? null : new Set(wished);
  return (
    <>
      <Form id={compareForm} method="post" action="/compare-product" hidden>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      </Form>
      <div className={className}>
        {products.map((product, index) => (
          <ProductCard
            eager={index < eagerImages}
            key={product.id}
            product={product}
            compareForm={compareForm}
            titleLimit={titleLimit}
            titleSuffix={titleSuffix}
            showTaxLine={showTaxLine}
            wished={wishedIds === null || wishedIds.has(product.id)}
          />
        ))}
      </div>
    </>
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
