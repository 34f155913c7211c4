import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BlogCard } from "~/components/blog/BlogCard";
import { ProductCard } from "~/components/product/ProductCard";
import { SpecialCard } from "~/components/product/SpecialCard";
import { getDb } from "~/db/db.server";
import { latestBlogs, toBlogCard } from "~/modules/blog/blog.server";
import { productsTagged } from "~/modules/catalogue/products.server";
import { wishlistIds } from "~/modules/wishlist/wishlist.server";
import { currentCustomer } from "~/request.server";
import blogStyles from "~/styles/blog.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: blogStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const db = await getDb();
  const customer = await currentCustomer(request);
  const [featured, special, popular, wished, blogs] = await Promise.all([
    productsTagged(db, "featured", 6),
    productsTagged(db, "special", 4),
    productsTagged(db, "popular", 6),
    wishlistIds(db, customer?.id),
    latestBlogs(db, 4),
  ]);
  return json({ featured, special, popular, wished, blogs: blogs.map(toBlogCard) });
}

const smallBanners = [
  {
    image: "/images/banners/small-1.svg",
    eyebrow: "Security",
    title: "CCTV Kits",
    text: "4 and 8 camera kits, installed",
    to: "/product?category=CCTV",
  },
  {
    image: "/images/banners/small-2.svg",
    eyebrow: "Attendance",
    title: "Biometrics",
    text: "Fingerprint and face terminals",
    to: "/product?category=Biometric",
  },
  {
    image: "/images/banners/small-3.svg",
    eyebrow: "Accessories",
    title: "Work Essentials",
    text: "Mice, keyboards, monitors",
    to: "/product?category=Accessories",
  },
  {
    image: "/images/banners/small-4.svg",
    eyebrow: "On Rent",
    title: "Rental Laptops",
    text: "Monthly rent for teams and events",
    to: "/product?q=rent",
  },
];

const services = [
  {
    image: "/images/services/free-shipping.svg",
    title: "Shipping Across India",
    tagline: "Packed safely, tracked to your door",
  },
  {
    image: "/images/services/daily-offers.svg",
    title: "Daily Surprise Offers",
    tagline: "Save up to 40% off",
  },
  {
    image: "/images/services/support.svg",
    title: "Support From Our Store",
    tagline: "Shop with an expert in Bengaluru",
  },
  {
    image: "/images/services/affordable-prices.svg",
    title: "Affordable Prices",
    tagline: "Get factory default price",
  },
  {
    image: "/images/services/secure-payments.svg",
    title: "Secure Payments",
    tagline: "100% protected payments via PhonePe",
  },
];

const promos = [
  {
    title: "Refurbished Business Laptops",
    text: "Tested, cleaned and sold with a warranty.",
    to: "/product?q=refurbished",
    image: "/images/products/laptop-black.svg",
  },
  {
    title: "Office Desktops",
    text: "OptiPlex, ProDesk and ThinkCentre for every desk.",
    to: "/product?category=Desktops",
    image: "/images/products/desktop-tower.svg",
  },
  {
    title: "Secure Your Shop",
    text: "Hikvision and CP Plus kits with installation.",
    to: "/product?category=CCTV",
    image: "/images/products/dome-camera.svg",
  },
];

const brands = ["dell", "hp", "lenovo", "asus", "acer", "apple", "hikvision", "cpplus"];
const brandNames: Record<string, string> = {
  dell: "Dell",
  hp: "HP",
  lenovo: "Lenovo",
  asus: "Asus",
  acer: "Acer",
  apple: "Apple",
  hikvision: "Hikvision",
  cpplus: "CP Plus",
};

export default function Home() {
  const { featured, special, popular, wished, blogs } = useLoaderData<typeof loader>();
  return (
    <div className="home">
      <section className="container home-banners" aria-label="Offers">
        <div className="main-banner">
          <img src="/images/banners/main-banner.svg" alt="" width="1200" height="600" />
          <div className="main-banner-text">
            <p className="eyebrow">Supercharged for pros</p>
            <h1>Laptops, desktops and security for every home and office</h1>
            <p>New, refurbished and rental machines from a Bengaluru store you can walk into.</p>
            <Link to="/product" className="button">
              BUY NOW
            </Link>
          </div>
        </div>
        <div className="small-banners">
          {smallBanners.map((banner) => (
            <Link key={banner.title} to={banner.to} className="small-banner">
              <img src={banner.image} alt="" width="600" height="300" loading="lazy" />
              <span className="small-banner-text">
                <span className="eyebrow">{banner.eyebrow}</span>
                <strong>{banner.title}</strong>
                <span>{banner.text}</span>
              </span>
            </Link>
          ))}
        </div>
      </section>

      <section className="container services" aria-label="Why shop with us">
        {services.map((service) => (
          <div key={service.title} className="service">
            <img src={service.image} alt="" width="48" height="48" />
            <div>
              <h2>{service.title}</h2>
              <p>{service.tagline}</p>
            </div>
          </div>
        ))}
      </section>

      <section className="container section" aria-labelledby="featured-heading">
        <h2 id="featured-heading">Featured Collection</h2>
        <div className="product-grid grid-3">
          {featured.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              titleLimit={70}
              titleSuffix="..."
              showTaxLine
              wished={wished.includes(product.id)}
            />
          ))}
        </div>
      </section>

      <section className="container promos" aria-label="Promotions">
        {promos.map((promo) => (
          <Link key={promo.title} to={promo.to} className="promo-card">
            <span>
              <strong>{promo.title}</strong>
              <span>{promo.text}</span>
            </span>
            <img src={promo.image} alt="" width="120" height="120" loading="lazy" />
          </Link>
        ))}
      </section>

      <section className="container section" aria-labelledby="special-heading">
        <h2 id="special-heading">Special Products</h2>
        {special.length > 0 ? (
          <div className="special-grid">
            {special.map((product) => (
              <SpecialCard key={product.id} product={product} />
            ))}
          </div>
        ) : (
          <p className="empty-state">No special products available.</p>
        )}
      </section>

      <section className="container section" aria-labelledby="popular-heading">
        <h2 id="popular-heading">Our Popular Products</h2>
        {popular.length > 0 ? (
          <div className="product-grid grid-3">
            {popular.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                titleLimit={70}
                titleSuffix="..."
                wished={wished.includes(product.id)}
              />
            ))}
          </div>
        ) : (
          <p className="empty-state">No popular products available.</p>
        )}
      </section>

      <section className="container section marquee" aria-labelledby="brands-heading">
        <h2 id="brands-heading" className="visually-hidden">
          Brands we sell
        </h2>
        <div className="marquee-track">
          {/* The list is drawn twice so the scroll loops without a gap; the copy is hidden from screen readers. */}
          <ul className="marquee-list">
            {brands.map((brand) => (
              <li key={brand}>
                <img src={`/images/brands/${brand}.svg`} alt={brandNames[brand]} width="140" height="56" />
              </li>
            ))}
          </ul>
          <ul className="marquee-list" aria-hidden="true">
            {brands.map((brand) => (
              <li key={brand}>
                <img src={`/images/brands/${brand}.svg`} alt="" width="140" height="56" />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container section" aria-labelledby="blogs-heading">
        <h2 id="blogs-heading">Our Latest Blogs</h2>
        {blogs.length > 0 ? (
          <div className="blog-grid home-blogs">
            {blogs.map((blog) => (
              <BlogCard key={blog.id} {...blog} headingLevel={3} />
            ))}
          </div>
        ) : (
          <p className="empty-state">No blogs yet.</p>
        )}
      </section>
    </div>
  );
}
