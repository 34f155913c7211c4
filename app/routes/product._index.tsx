import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { type FormEvent, useEffect, useState } from "react";
import { ProductCard } from "~/components/product/ProductCard";
import { getDb } from "~/db/db.server";
import {
  canonicalRedirect,
  effectiveSort,
  GRIDS,
  parseStoreFilters,
  SORTS,
  sortLabels,
  storeTitleLimit,
  storeUrl,
  TAGS,
} from "~/lib/store-filters";
import { PAGE_SIZE, storePage } from "~/modules/catalogue/products.server";
import { wishlistIds } from "~/modules/wishlist/wishlist.server";
import { currentCustomer } from "~/request.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.filters.q
      ? `“${data.filters.q}” in Our Store | Kaveri Computers`
      : `${data?.filters.category ?? "Our Store"} | Kaveri Computers`,
  },
  {
    name: "description",
    content: "Laptops, desktops, CCTV, biometric systems and accessories in Bengaluru.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const clean = canonicalRedirect(url);
  if (clean) throw redirect(clean);
  const filters = parseStoreFilters(url.searchParams);
  const db = await getDb();
  const [{ items, total, facets }, wished] = await Promise.all([
    storePage(db, filters),
    currentCustomer(request).then((customer) => wishlistIds(db, customer?.id)),
  ]);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (filters.page > pages) throw redirect(storeUrl(filters, { page: pages }));
  return json({ items, total, filters, facets, pages, wished });
}

const tagLabels = { featured: "Featured", special: "Special", popular: "Popular" } as const;

export default function Store() {
  const { items, total, filters, facets, pages, wished } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const busy = navigation.state === "loading" && navigation.location.pathname === "/product";
  const sort = effectiveSort(filters);
  const titleLimit = storeTitleLimit(filters.grid);

  // With JavaScript a change applies at once, straight to the clean URL; without it the Apply button
  // submits the same GET form and the loader redirects to the clean URL.
  function apply(form: HTMLFormElement) {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
    navigate(storeUrl(parseStoreFilters(params)), { preventScrollReset: true });
  }
  function applyChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target.name === "minPrice" || target.name === "maxPrice") return;
    apply(event.currentTarget);
  }
  function applySubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  return (
    <div className="container page store">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> / <span aria-current="page">Our Store</span>
      </nav>
      <h1>Our Store</h1>
      <div className="store-layout">
        <aside className="store-filters" aria-label="Filters">
          <section className="filter-card" aria-labelledby="shop-by-category">
            <h2 id="shop-by-category">Shop By Categories</h2>
            <ul className="category-list">
              <li>
                <Link to="/product" aria-current={!filters.category ? "page" : undefined}>
                  All
                </Link>
              </li>
              {facets.categories.map((category) => (
                <li key={category}>
                  <Link
                    to={storeUrl(filters, { category, page: 1 })}
                    aria-current={filters.category === category ? "page" : undefined}
                  >
                    {category}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <Form
            method="get"
            action="/product"
            className="filter-card filter-form"
            onChange={applyChange}
            onSubmit={applySubmit}
          >
            <h2>Filter By</h2>
            {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
            {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
            <input type="hidden" name="grid" value={filters.grid} />
            <fieldset>
              <legend>Price (Rs.)</legend>
              <div className="price-range">
                <label>
                  From
                  <input
                    type="number"
                    name="minPrice"
                    min="0"
                    inputMode="numeric"
                    defaultValue={filters.minPrice}
                  />
                </label>
                <label>
                  To
                  <input
                    type="number"
                    name="maxPrice"
                    min="0"
                    inputMode="numeric"
                    defaultValue={filters.maxPrice}
                  />
                </label>
              </div>
            </fieldset>
            <fieldset>
              <legend>Product Tags</legend>
              <div className="chips">
                <label className="chip">
                  <input type="radio" name="tag" value="" defaultChecked={!filters.tag} /> Any
                </label>
                {TAGS.map((tag) => (
                  <label className="chip" key={tag}>
                    <input type="radio" name="tag" value={tag} defaultChecked={filters.tag === tag} />{" "}
                    {tagLabels[tag]}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend>Brands</legend>
              <div className="chips">
                <label className="chip">
                  <input type="radio" name="brand" value="" defaultChecked={!filters.brand} /> Any
                </label>
                {facets.brands.map((brand) => (
                  <label className="chip" key={brand}>
                    <input type="radio" name="brand" value={brand} defaultChecked={filters.brand === brand} />{" "}
                    {brand}
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="sort-label">
              Sort By
              <select name="sort" defaultValue={sort === "relevance" ? "" : sort}>
                {filters.q ? <option value="">Relevance</option> : null}
                {SORTS.map((value) => (
                  <option key={value} value={value}>
                    {sortLabels[value]}
                  </option>
                ))}
              </select>
            </label>
            <div className="filter-actions">
              <button type="submit">Apply</button>
              <Link to="/product" className="button button-secondary">
                Clear
              </Link>
            </div>
            {hydrated ? <p className="hint">Price filters apply when you press Apply or Enter.</p> : null}
          </Form>
        </aside>
        <section className="store-results" aria-labelledby="results-heading" aria-busy={busy}>
          <div className="store-toolbar">
            <h2 id="results-heading" className="product-count" aria-live="polite">
              {total} {total === 1 ? "Product" : "Products"}
              {filters.q ? ` for “${filters.q}”` : ""}
            </h2>
            <nav className="grid-switch" aria-label="Columns">
              {GRIDS.map((grid) => (
                <Link
                  key={grid}
                  to={storeUrl(filters, { grid })}
                  aria-label={`Grid ${grid}: ${12 / grid} per row`}
                  aria-current={filters.grid === grid ? "true" : undefined}
                  preventScrollReset
                >
                  <GridIcon columns={grid} />
                </Link>
              ))}
            </nav>
          </div>
          {items.length > 0 ? (
            <div className={`product-grid store-grid per-row-${12 / filters.grid}`}>
              {items.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  titleLimit={titleLimit}
                  wished={wished.includes(product.id)}
                />
              ))}
            </div>
          ) : (
            <p className="empty-state">No products match your search.</p>
          )}
          {pages > 1 ? (
            <nav className="pagination" aria-label="Pages">
              {filters.page > 1 ? (
                <Link to={storeUrl(filters, { page: filters.page - 1 })} rel="prev">
                  Previous
                </Link>
              ) : null}
              <span>
                Page {filters.page} of {pages}
              </span>
              {filters.page < pages ? (
                <Link to={storeUrl(filters, { page: filters.page + 1 })} rel="next">
                  Next
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** Grid values are Bootstrap column widths out of 12: 3 shows four cards a row, 12 shows one. */
function GridIcon({ columns }: { columns: number }) {
  const bars = 12 / columns;
  const width = 20 / bars;
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      {Array.from({ length: bars }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static bars of an icon
        <rect key={i} x={2 + i * width} y="3" width={width - 2} height="18" rx="1" fill="currentColor" />
      ))}
    </svg>
  );
}
