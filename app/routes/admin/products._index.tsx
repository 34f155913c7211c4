import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminList } from "~/components/admin/AdminList";
import { adminMeta } from "~/components/admin/admin-meta";
import { FilterSelect, optionsOf } from "~/components/admin/FilterSelect";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { getDb } from "~/db/db.server";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  adminProductsCsvUrl,
  adminProductsUrl,
  FALLBACK_IMAGE,
  NO_SPEC,
  PRODUCT_TYPES,
  productTypeLabels,
  STOCK_FILTERS,
  stockFilterLabels,
  TAGS,
  tagLabels,
  VISIBILITY_FILTERS,
  visibilityLabels,
} from "~/features/catalogue";
import { catalogueFacets, listAdminProducts, specFilterChoices } from "~/features/catalogue/index.server";
import { adminProductFiltersSchema } from "~/features/catalogue/schemas";
import { readAdminList } from "~/lib/admin-list.server";
import { LOW_STOCK } from "~/lib/limits";
import { pageCount } from "~/lib/list-query";
import { formatRupees } from "~/lib/money";

export const meta: MetaFunction = () => adminMeta("Products");

export async function loader({ request }: LoaderFunctionArgs) {
  // The filter form sends its empty fields too: the list answers at its clean address (and drops bad values).
  const { filters } = await readAdminList(request, adminProductFiltersSchema);
  const db = await getDb();
  const [{ items, total }, facets] = await Promise.all([listAdminProducts(db, filters), catalogueFacets(db)]);
  const pages = pageCount(total, ADMIN_PRODUCTS_PAGE_SIZE);
  if (filters.page > pages) throw redirect(adminProductsUrl(filters, { page: pages }));
  return json({ items, total, pages, filters, facets, specChoices: specFilterChoices() });
}

/**
 * The specification filter: which attribute (or none at all yet) and, apart, its value, both in the GET form;
 * the list's URL keeps them as one `spec` (`ram_gb:16`).
 */
function SpecFilter({
  spec,
  choices,
}: {
  spec: string | undefined;
  choices: { label: string; options: { value: string; label: string }[] }[];
}) {
  const [attribute = "", value = ""] = spec ? [spec.split(":")[0], spec.split(":").slice(1).join(":")] : [];
  // Keyed by the filter: after a client-side navigation the fields show the list's canonical filter again.
  return (
    <>
      <FieldFrame key={`spec ${attribute}`} id="product-spec" label="Specification">
        <select id="product-spec" name="spec" defaultValue={attribute}>
          <option value="">All specifications</option>
          <option value={NO_SPEC}>No specification yet</option>
          {choices.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </FieldFrame>
      <FieldFrame
        key={`value ${value}`}
        id="product-spec-value"
        label="Its value"
        hint="Such as 16 for 16 GB, or Core i5; left empty: products that state it"
      >
        <input
          id="product-spec-value"
          type="text"
          name="specValue"
          defaultValue={value}
          maxLength={60}
          autoComplete="off"
        />
      </FieldFrame>
    </>
  );
}

function stockText(quantity: number): string {
  if (quantity <= 0) return "Sold out";
  return quantity <= LOW_STOCK ? `${quantity} (low)` : String(quantity);
}

export default function AdminProducts() {
  const { items, total, pages, filters, facets, specChoices } = useLoaderData<typeof loader>();
  const filtered = Object.entries(filters).some(([key, value]) => key !== "page" && value !== undefined);
  const narrowed = Object.entries(filters).some(([key, value]) => !["page", "q"].includes(key) && value);
  return (
    <>
      <div className="admin-title-row">
        <h1>Products</h1>
        <div className="admin-title-actions">
          {/* A download, not a page: a plain link the browser saves. */}
          <a href={adminProductsCsvUrl(filters)} download className="button button-secondary">
            {filtered ? "Export these as CSV" : "Export CSV"}
          </a>
          <Link to="/admin/products/import" className="button button-secondary">
            Import CSV
          </Link>
          <Link to="/admin/products/new" className="button">
            New product
          </Link>
        </div>
      </div>
      <p className="admin-hint">
        Products are never deleted, because orders refer to them: hide a product to take it out of the shop.
      </p>

      <AdminList
        filters={{
          label: "Find products",
          className: "admin-catalogue-filters",
          fields: (
            <>
              <div className="admin-filters-search">
                <FieldFrame id="product-search" label="Title, brand or SKU">
                  <input
                    id="product-search"
                    type="search"
                    name="q"
                    defaultValue={filters.q ?? ""}
                    maxLength={100}
                  />
                </FieldFrame>
                <button type="submit">Find</button>
              </div>
              {/* Folded on a phone until one is used, so the list starts near the top of the screen. */}
              <details className="admin-filters-more" open={narrowed}>
                <summary>Filters</summary>
                <div className="admin-filters-grid">
                  <FilterSelect
                    label="Category"
                    name="category"
                    value={filters.category}
                    everything="All categories"
                    options={optionsOf(facets.categories, (category) => category)}
                  />
                  <FilterSelect
                    label="Brand"
                    name="brand"
                    value={filters.brand}
                    everything="All brands"
                    options={optionsOf(facets.brands, (brand) => brand)}
                  />
                  <FilterSelect
                    label="Type"
                    name="type"
                    value={filters.type}
                    everything="All types"
                    options={optionsOf(PRODUCT_TYPES, (type) => productTypeLabels[type])}
                  />
                  <FilterSelect
                    label="Tag"
                    name="tag"
                    value={filters.tag}
                    everything="Any tag"
                    options={optionsOf(TAGS, (tag) => tagLabels[tag])}
                  />
                  <FilterSelect
                    label="Stock"
                    name="stock"
                    value={filters.stock}
                    everything="Any stock"
                    options={optionsOf(STOCK_FILTERS, (stock) =>
                      stock === "low" ? `Low on stock (1 to ${LOW_STOCK})` : stockFilterLabels[stock],
                    )}
                  />
                  <FilterSelect
                    label="In the shop"
                    name="visibility"
                    value={filters.visibility}
                    everything="Shown and hidden"
                    options={optionsOf(VISIBILITY_FILTERS, (visibility) => visibilityLabels[visibility])}
                  />
                  <SpecFilter spec={filters.spec} choices={specChoices} />
                </div>
                <div className="admin-filters-actions">
                  <button type="submit">Apply filters</button>
                  {filtered ? <Link to="/admin/products">Clear filters</Link> : null}
                </div>
              </details>
            </>
          ),
        }}
        count={
          <p className="admin-count admin-catalogue-count" aria-live="polite">
            {total} {total === 1 ? "product" : "products"}
            {filtered ? " match" : ""}
          </p>
        }
        table={
          items.length === 0 ? null : (
            <table className="admin-table admin-products-table">
              <caption className="visually-hidden">Products</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Brand</th>
                  <th scope="col">Category</th>
                  <th scope="col">Type</th>
                  <th scope="col">Offer price</th>
                  <th scope="col">Stock</th>
                  <th scope="col">Tags</th>
                  <th scope="col">In the shop</th>
                </tr>
              </thead>
              <tbody>
                {items.map((product) => (
                  <tr key={product.id} className={product.hidden ? "is-hidden" : undefined}>
                    <th scope="row" data-label="Title">
                      <span className="admin-product-title">
                        <img
                          src={product.image ?? FALLBACK_IMAGE}
                          alt=""
                          width="48"
                          height="48"
                          loading="lazy"
                        />
                        <Link to={`/admin/products/${product.id}`}>{product.title}</Link>
                      </span>
                    </th>
                    <td data-label="SKU">{product.sku}</td>
                    <td data-label="Brand">{product.brand}</td>
                    <td data-label="Category">{product.category}</td>
                    <td data-label="Type">{productTypeLabels[product.productType]}</td>
                    <td data-label="Offer price">{formatRupees(product.discountedPrice)}</td>
                    <td
                      data-label="Stock"
                      className={product.quantity <= LOW_STOCK ? "stock-low" : undefined}
                    >
                      {stockText(product.quantity)}
                    </td>
                    <td data-label="Tags">
                      {product.tags.map((tag) => tagLabels[tag]).join(", ") || "None"}
                    </td>
                    <td data-label="In the shop">{product.hidden ? "Hidden" : "Shown"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
        empty={<p className="empty-state">No products match. Try fewer filters.</p>}
        pages={{ page: filters.page, pages, label: "Product pages" }}
      />
    </>
  );
}
