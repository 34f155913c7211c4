import { Link } from "@remix-run/react";
import { type ProductType, productTypeLabels, type Tag, tagLabels } from "~/lib/catalogue";
import { availabilityLabel } from "~/lib/product-page";
import { parseStoreFilters, storeUrl } from "~/lib/store-filters";

const noFilters = parseStoreFilters(new URLSearchParams());

/** Type, brand, category, tags (each a link to the store filtered by it) and availability. */
export function ProductFacts({
  productType,
  brand,
  category,
  tags,
  stock,
}: {
  productType: ProductType;
  brand: string;
  category: string;
  tags: Tag[];
  stock: number;
}) {
  return (
    <dl className="product-facts">
      <div>
        <dt>Type</dt>
        <dd>{productTypeLabels[productType]}</dd>
      </div>
      <div>
        <dt>Brand</dt>
        <dd>
          <Link to={storeUrl(noFilters, { brand })}>{brand}</Link>
        </dd>
      </div>
      <div>
        <dt>Category</dt>
        <dd>
          <Link to={storeUrl(noFilters, { category })}>{category}</Link>
        </dd>
      </div>
      <div>
        <dt>Tags</dt>
        <dd>
          {tags.length === 0
            ? "None"
            : tags.map((tag, index) => (
                <span key={tag}>
                  {index > 0 ? ", " : null}
                  <Link to={storeUrl(noFilters, { tag })}>{tagLabels[tag]}</Link>
                </span>
              ))}
        </dd>
      </div>
      <div>
        <dt>Availability</dt>
        <dd className={stock > 0 ? "in-stock" : "out-of-stock"}>{availabilityLabel(stock)}</dd>
      </div>
    </dl>
  );
}

/** The store link of a category, for the breadcrumb. */
export function categoryUrl(category: string): string {
  return storeUrl(noFilters, { category });
}
