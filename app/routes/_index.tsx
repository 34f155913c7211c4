import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductCard } from "~/components/product/ProductCard";
import { getDb } from "~/db/db.server";
import { productsTagged } from "~/modules/catalogue/products.server";

export async function loader() {
  const db = await getDb();
  const [featured, popular] = await Promise.all([
    productsTagged(db, "featured"),
    productsTagged(db, "popular"),
  ]);
  return json({ featured, popular });
}

export default function Home() {
  const { featured, popular } = useLoaderData<typeof loader>();
  return (
    <div className="home">
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-text">
            <p className="eyebrow">Laptops, desktops, CCTV and biometrics</p>
            <h1>Computers for every home and office in Bengaluru</h1>
            <p>New, refurbished and rental machines with local service you can walk into.</p>
            <Link to="/product" className="button">
              BUY NOW
            </Link>
          </div>
          <img src="/images/banners/main-banner.svg" alt="" width="600" height="300" />
        </div>
      </section>
      <section className="container section" aria-labelledby="featured-heading">
        <h2 id="featured-heading">Featured Collection</h2>
        <div className="product-grid grid-3">
          {featured.map((product) => (
            <ProductCard key={product.id} product={product} titleLimit={70} titleSuffix="..." showTaxLine />
          ))}
        </div>
      </section>
      <section className="container section" aria-labelledby="popular-heading">
        <h2 id="popular-heading">Our Popular Products</h2>
        {popular.length > 0 ? (
          <div className="product-grid grid-3">
            {popular.map((product) => (
              <ProductCard key={product.id} product={product} titleLimit={70} titleSuffix="..." />
            ))}
          </div>
        ) : (
          <p>No popular products available.</p>
        )}
      </section>
    </div>
  );
}
