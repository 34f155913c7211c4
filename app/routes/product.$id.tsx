import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FALLBACK_IMAGE } from "~/components/product/ProductCard";
import { Stars } from "~/components/product/Stars";
import { SanitizedHtml } from "~/components/SanitizedHtml";
import { getDb } from "~/db/db.server";
import { formatRupees } from "~/lib/money";
import { parseId } from "~/lib/params";
import { getProduct } from "~/modules/catalogue/products.server";
import { plainText, sanitizeDescription } from "~/modules/content/sanitize.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const product = id === undefined ? null : await getProduct(await getDb(), id);
  if (!product) throw new Response("Product not found", { status: 404 });
  return json({
    product: { ...product, description: sanitizeDescription(product.description) },
    summary: plainText(product.description).slice(0, 160),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.product.title} | Kaveri Computers` }, { name: "description", content: data.summary }]
    : [{ title: "Product not found | Kaveri Computers" }];

const typeLabel = { new: "New", refurbished: "Refurbished", rental: "Rental" } as const;

export default function ProductPage() {
  const { product } = useLoaderData<typeof loader>();
  const image = product.images[0]?.url ?? FALLBACK_IMAGE;
  return (
    <article className="container page product-detail">
      <div className="product-detail-grid">
        <div className="gallery">
          <img src={image} alt={product.title} width="600" height="600" />
        </div>
        <div className="product-info">
          <h1>{product.title}</h1>
          <p className="price">
            {product.originalPrice > product.discountedPrice ? (
              <s className="mrp">{formatRupees(product.originalPrice)}</s>
            ) : null}
            <span className="offer-price">{formatRupees(product.discountedPrice)}</span>
          </p>
          <Stars rating={product.totalRating} />
          <dl className="product-facts">
            <dt>Type</dt>
            <dd>{typeLabel[product.productType]}</dd>
            <dt>Brand</dt>
            <dd>{product.brand}</dd>
            <dt>Category</dt>
            <dd>{product.category}</dd>
            <dt>Availability</dt>
            <dd>{product.quantity > 0 ? "In Stock" : "Out of Stock"}</dd>
          </dl>
        </div>
      </div>
      <section className="description" aria-labelledby="description-heading">
        <h2 id="description-heading">Description</h2>
        <SanitizedHtml html={product.description} className="rich-text" />
      </section>
    </article>
  );
}
