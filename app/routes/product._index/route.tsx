import {
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ProductGrid } from "~/components/product/ProductGrid";
import { Breadcrumbs } from "~/components/ui/Breadcrumbs";
import { GridIcon } from "~/components/ui/icons";
import { getDb } from "~/db/db.server";
import { shop } from "~/lib/shop";
import { canonicalRedirect, GRIDS, parseStoreFilters, storeTitleLimit, storeUrl } from "~/lib/store-filters";
import { PAGE_SIZE, storePage } from "~/modules/catalogue/products.server";
import { wishlistIds } from "~/modules/wishlist/wishlist.server";
import { currentCustomer } from "~/request.server";
import storeStyles from "~/styles/store.css";
import { StoreFilters } from "./StoreFilters";

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

export default function Store() {
  const { items, total, filters, facets, pages, wished } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/product";
  const titleLimit = storeTitleLimit(filters.grid);

  return (
    <div className="container page store">
      <Breadcrumbs current="Our Store" />
      <h1>Our Store</h1>
      <div className="store-layout">
        <StoreFilters filters={filters} facets={facets} />
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
          <ProductGrid
            products={items}
            wished={wished}
            className={`product-grid store-grid per-row-${12 / filters.grid}`}
            titleLimit={titleLimit}
            empty="No products match your search."
          />
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
