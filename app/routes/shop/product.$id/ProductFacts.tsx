import { Link } from "@remix-run/react";
import type { StoreLinks } from "~/features/catalogue";
import {
  availabilityLabel,
  type ProductType,
  productTypeLabels,
  type Tag,
  tagLabels,
} from "~/features/catalogue";

/** Type, brand, category, tags (each a link to the store filtered by it) and availability. */
export function ProductFacts({
  productType,
  brand,
  category,
  tags,
  stock,
  links,
}: {
  productType: ProductType;
  brand: string;
  category: string;
  tags: Tag[];
  stock: number;
  /** The store filtered by each fact (made by the loader: the store's URL rules stay out of this page's JavaScript). */
  links: StoreLinks;
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
          <Link to={links.brand}>{brand}</Link>
        </dd>
      </div>
      <div>
        <dt>Category</dt>
        <dd>
          <Link to={links.category}>{category}</Link>
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
                  <Link to={links.tags[tag] ?? "/product"}>{tagLabels[tag]}</Link>
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
