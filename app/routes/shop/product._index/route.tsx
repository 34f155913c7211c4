import {
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  type SerializeFrom,
} from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import type { CSSProperties } from "react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { getDb } from "~/db/db.server";
import {
  activeFilterChips,
  GRIDS,
  ProductGrid,
  ProductSection,
  searchMessages,
  storeTitleLimit,
  storeUrl,
} from "~/features/catalogue";
import {
  canonicalRedirect,
  gridCard,
  PAGE_SIZE,
  productsTagged,
  readStoreFilters,
  specFilterChips,
  storePage,
  withFacetLinks,
} from "~/features/catalogue/index.server";
import { currentCustomer } from "~/lib/request.server";
import { shop } from "~/lib/shop";
import storeStyles from "~/styles/store.css?url";
import { FILTER_PANEL_ID, SortControl, StoreFilters } from "./StoreFilters";
import { StoreLink } from "./StoreLink";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: storeStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.filters.q
      ? `“${data.filters.q}” in Our Store | ${shop.name}`
      : `${data?.filters.category ?? "Our Store"} | ${shop.name}`,
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
  const filters = readStoreFilters(url.searchParams);
  const db = await getDb();
  // The session's query also reads the catalogue's version: a signed-in shopper's page may then be one kept.
  const customer = await currentCustomer(request);
  const { items, total, facets, types, specFacets, search } = await storePage(
    db,
    filters,
    customer?.catalogueVersion,
  );
  const wished = customer?.wishlist ?? [];
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (filters.page > pages) throw redirect(storeUrl(filters, { page: pages }));
  // A search that found nothing offers ways on: the categories, and the popular products.
  const popular = filters.q && total === 0 ? await productsTagged(db, "popular", 4) : [];
  return json({
    items: items.map(gridCard),
    total,
    filters,
    facets,
    types,
    specFacets: withFacetLinks(filters, specFacets),
    specChips: specFilterChips(filters),
    pages,
    wished,
    used: search?.used ?? null,
    popular: popular.map(gridCard),
  });
}

export default function Store() {
  const { items, total, filters, facets, types, specFacets, specChips, pages, wished, used, popular } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/product";
  const titleLimit = storeTitleLimit(filters.grid);
  const chips = [...activeFilterChips(filters), ...specChips];

  return (
    <div className="container page store">
      <Breadcrumbs current="Our Store" />
      <h1>Our Store</h1>
      <div className="store-layout">
        <div className="store-side">
          {/* The "Filters" drawer: on a narrow screen the panel after it shows only while it is open (store.css),
              so phones start with it folded and no JavaScript is needed; wide screens hide the summary. */}
          <details className="filter-drawer">
            <summary aria-controls={FILTER_PANEL_ID}>
              Filters{chips.length > 0 ? ` (${chips.length})` : ""}
            </summary>
          </details>
          <StoreFilters filters={filters} facets={facets} types={types} specFacets={specFacets} />
        </div>
        <section className="store-results" aria-labelledby="results-heading" aria-busy={busy}>
          <div className="store-toolbar">
            <h2 id="results-heading" className="product-count" aria-live="polite">
              {total} {total === 1 ? "Product" : "Products"}
              {filters.q ? ` for “${used ?? filters.q}”` : ""}
            </h2>
            <nav className="grid-switch" aria-label="Columns">
              {GRIDS.map((grid) => (
                <StoreLink
                  key={grid}
                  to={storeUrl(filters, { grid })}
                  aria-label={`Grid ${grid}: ${12 / grid} per row`}
                  aria-current={filters.grid === grid ? "true" : undefined}
                  // The icon's bars (12 / grid of them) are drawn by CSS (store.css, .grid-switch a::before).
                  style={{ "--bars": 12 / grid } as CSSProperties}
                  preventScrollReset
                />
              ))}
            </nav>
            <SortControl filters={filters} />
          </div>
          {chips.length > 0 ? (
            <nav aria-label="Active filters">
              <ul className="active-filters">
                {chips.map((chip) => (
                  <li key={chip.key}>
                    <StoreLink to={chip.href} aria-label={`Remove ${chip.label}`} preventScrollReset>
                      {chip.label}
                      <span aria-hidden="true">×</span>
                    </StoreLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {used ? (
            <p className="search-corrected">
              Showing results for <strong>{used}</strong>.{" "}
              <StoreLink to={storeUrl(filters, { exact: true, page: 1 })}>
                Search instead for “{filters.q}”
              </StoreLink>
            </p>
          ) : null}
          <ProductGrid
            products={items}
            wished={wished}
            className={`product-grid store-grid per-row-${12 / filters.grid}`}
            titleLimit={titleLimit}
            empty={searchMessages.nothingFound(filters.q)}
            eagerImages={12 / filters.grid}
          />
          {filters.q && total === 0 ? (
            <NothingFound categories={facets.categories} popular={popular} wished={wished} />
          ) : null}
          {pages > 1 ? (
            <nav className="pagination" aria-label="Pages">
              {filters.page > 1 ? (
                <StoreLink to={storeUrl(filters, { page: filters.page - 1 })} rel="prev">
                  Previous
                </StoreLink>
              ) : null}
              <span>
                Page {filters.page} of {pages}
              </span>
              {filters.page < pages ? (
                <StoreLink to={storeUrl(filters, { page: filters.page + 1 })} rel="next">
                  Next
                </StoreLink>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** Ways on from a search that found nothing: every category, and the popular products. */
function NothingFound({
  categories,
  popular,
  wished,
}: {
  categories: string[];
  popular: SerializeFrom<typeof loader>["popular"];
  wished: number[];
}) {
  return (
    <div className="search-ways-on">
      <p>{searchMessages.tryAgain}</p>
      <nav aria-label="Categories">
        <ul className="search-categories">
          {categories.map((category) => (
            <li key={category}>
              <StoreLink to={`/product?category=${encodeURIComponent(category)}`}>{category}</StoreLink>
            </li>
          ))}
        </ul>
      </nav>
      {popular.length > 0 ? (
        <ProductSection
          id="popular-heading"
          title="Popular products"
          sectionClassName="search-popular"
          products={popular}
          wished={wished}
          empty=""
        />
      ) : null}
    </div>
  );
}
