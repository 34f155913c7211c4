import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ProductCard } from "~/components/product/ProductCard";
import { getDb } from "~/db/db.server";
import { normaliseSearch } from "~/lib/search-text";
import { listProducts, PAGE_SIZE } from "~/modules/catalogue/products.server";

export const meta: MetaFunction = () => [{ title: "Our Store | Kaveri Computers" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = normaliseSearch(url.searchParams.get("q"));
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const result = await listProducts(await getDb(), { q, page });
  return json({ ...result, q, page, pages: Math.max(1, Math.ceil(result.total / PAGE_SIZE)) });
}

export default function Store() {
  const { items, total, q, page, pages } = useLoaderData<typeof loader>();
  const pageLink = (n: number) => `/product?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <div className="container page store">
      <h1>Our Store</h1>
      <Form method="get" className="store-search" role="search" aria-label="Search the store">
        <label htmlFor="store-q">Search by name</label>
        <input id="store-q" type="search" name="q" defaultValue={q} key={q} />
        <button type="submit">Apply</button>
      </Form>
      <p className="product-count" aria-live="polite">
        {total} {total === 1 ? "Product" : "Products"}
        {q ? ` for “${q}”` : ""}
      </p>
      {items.length > 0 ? (
        <div className="product-grid grid-4">
          {items.map((product) => (
            <ProductCard key={product.id} product={product} titleLimit={80} />
          ))}
        </div>
      ) : (
        <p className="empty-state">No products match your search.</p>
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label="Pages">
          {page > 1 ? <Link to={pageLink(page - 1)}>Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageLink(page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
