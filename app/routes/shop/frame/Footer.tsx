import { Form, Link, useLocation } from "@remix-run/react";
import type { ShopContact } from "~/features/settings";
import { shop } from "~/lib/shop";

const information = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/refund-policy", label: "Refund Policy" },
  { to: "/shipping-policy", label: "Shipping Policy" },
  { to: "/term-conditions", label: "Terms & Conditions" },
  { to: "/About", label: "About Us" },
  { to: "/Contact", label: "Contact" },
];

const account = [
  { to: "/my-profile", label: "My Profile" },
  { to: "/my-orders", label: "My Orders" },
  { to: "/wishlist", label: "Wishlist" },
  { to: "/cart", label: "Cart" },
  { to: "/product", label: "Our Store" },
];

// The footer's parts that never change: built once when the module loads instead of at every render.
const contactLinks = (
  <>
    <a href={`mailto:${shop.email}`}>{shop.email}</a>
    <a href={shop.social.href} rel="noopener noreferrer">
      {shop.social.label}
    </a>
  </>
);

const otherColumns = (
  <>
    <nav aria-labelledby="footer-information">
      <h2 id="footer-information">Information</h2>
      <ul>
        {information.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
    <nav aria-labelledby="footer-account">
      <h2 id="footer-account">Account</h2>
      <ul>
        {account.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
    <section aria-labelledby="footer-visit">
      <h2 id="footer-visit">Visit Our Store</h2>
      <p>{`Online shop with a physical store in ${shop.city}.`}</p>
      <p>{`Open ${shop.openingHours}.`}</p>
    </section>
  </>
);

/** `contact` comes from the settings; there is none on the error page of a request whose root loader failed. */
export function Footer({ year, contact }: { year: number; contact?: ShopContact | null }) {
  const location = useLocation();
  return (
    <footer className="site-footer">
      <section className="newsletter" aria-labelledby="newsletter-heading">
        <div className="container newsletter-inner">
          <h2 id="newsletter-heading">Sign Up for Newsletter</h2>
          <Form method="post" action="/newsletter" className="newsletter-form" noValidate>
            <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
            <label htmlFor="newsletter-email" className="visually-hidden">
              Your e-mail address
            </label>
            <input
              id="newsletter-email"
              type="email"
              name="email"
              placeholder="Your Email Address"
              autoComplete="email"
              required
            />
            <button type="submit">Subscribe</button>
          </Form>
        </div>
      </section>
      <div className="container footer-columns">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact Us</h2>
          <address>
            <strong>{shop.name}</strong>
            {/* Not ShopContact's AddressLines: that module stays out of the JavaScript every page loads. */}
            {contact?.address.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two lines may read the same; they do not move
              <span key={index}>{line}</span>
            ))}
            {contact && <a href={contact.hotlineHref}>{contact.hotline}</a>}
            {contactLinks}
          </address>
        </section>
        {otherColumns}
      </div>
      <p className="copyright">{`© ${year}, ${shop.legalName}. All rights reserved.`}</p>
    </footer>
  );
}
