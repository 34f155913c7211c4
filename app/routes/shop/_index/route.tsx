import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getDb } from "~/db/db.server";
import { ProductSection, SpecialCard } from "~/features/catalogue";
import { homeSections } from "~/features/catalogue/index.server";
import { BlogCard } from "~/features/content";
import { latestBlogs, toBlogCard } from "~/features/content/index.server";
import { config } from "~/lib/config.server";
import { highFetchPriority } from "~/lib/fetch-priority";
import { linkPreviewTags } from "~/lib/link-preview";
import { currentCustomer } from "~/lib/request.server";
import { SHOP_PREVIEW_IMAGE, shopDescription, shopTitle } from "~/lib/shop";
import { absoluteUrl } from "~/lib/urls";
import blogStyles from "~/styles/blog.css?url";
import homeStyles from "~/styles/home.css?url";
import { brandNames, brands, promos, services, smallBanners } from "./home-content";

// home.css after blog.css: its .home-blogs rule overrides .blog-grid.
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: blogStyles },
  { rel: "stylesheet", href: homeStyles },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const db = await getDb();
  const customer = await currentCustomer(request);
  const wished = customer?.wishlist ?? [];
  // Blogs are read every time: a post scheduled for later appears when its time comes, with no version change.
  const [{ featured, special, popular }, blogs] = await Promise.all([
    homeSections(db, customer?.catalogueVersion),
    latestBlogs(db, 4),
  ]);
  const { publicUrl } = config();
  const preview = { url: absoluteUrl(publicUrl, "/"), image: absoluteUrl(publicUrl, SHOP_PREVIEW_IMAGE) };
  return json({ featured, special, popular, wished, blogs: blogs.map(toBlogCard), preview });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: shopTitle },
  { name: "description", content: shopDescription },
  ...(data
    ? linkPreviewTags({
        type: "website",
        title: shopTitle,
        description: shopDescription,
        url: data.preview.url,
        image: data.preview.image,
      })
    : []),
];

export default function Home() {
  const { featured, special, popular, wished, blogs } = useLoaderData<typeof loader>();
  return (
    <div className="home">
      <section className="container home-banners" aria-label="Offers">
        <div className="main-banner">
          <img
            src="/images/banners/main-banner.svg"
            alt=""
            width="1200"
            height="600"
            {...highFetchPriority}
          />
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

      <ProductSection
        id="featured-heading"
        title="Featured Collection"
        products={featured}
        wished={wished}
        showTaxLine
        empty="No featured products available."
      />

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

      <ProductSection
        id="popular-heading"
        title="Our Popular Products"
        products={popular}
        wished={wished}
        empty="No popular products available."
      />

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
