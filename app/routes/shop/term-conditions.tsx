import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage, staticPageMeta } from "~/features/content";
import { shop } from "~/lib/shop";
import { useShopContact } from "~/routes/shop/frame/use-shop-contact";
import pageStyles from "~/styles/pages.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: MetaFunction = () =>
  staticPageMeta(
    "Terms & Conditions",
    `The terms for buying from ${shop.name}: orders, prices in rupees, PhonePe payment, shipping within India, refunds and returns.`,
  );

export default function TermsAndConditions() {
  const contact = useShopContact();
  return (
    <StaticPage
      title="Terms & Conditions"
      intro={`These terms apply to every purchase from the ${shop.name} online shop, run by ${shop.legalName}, ${contact.address.join(", ")}. By placing an order you agree to them.`}
    >
      <section aria-labelledby="terms-account">
        <h2 id="terms-account">Your account</h2>
        <p>
          You need an account to keep a cart and wishlist and to place orders. Please give accurate details
          and keep your password to yourself; you are responsible for orders placed from your account.
        </p>
      </section>

      <section aria-labelledby="terms-products">
        <h2 id="terms-products">Products and prices</h2>
        <p>
          We sell new, refurbished and rental laptops and desktops, CCTV and biometric systems and IT
          accessories. Refurbished products are clearly labelled as refurbished. Prices are in Indian rupees
          and are those shown when you place your order. We try to keep descriptions, pictures and prices
          accurate; if we find a clear error in an order we will contact you before dispatch, and you may
          cancel for a full refund.
        </p>
      </section>

      <section aria-labelledby="terms-payment">
        <h2 id="terms-payment">Payment</h2>
        <p>
          Payments are made through PhonePe. Your order is confirmed only after PhonePe confirms the payment.
          Checkout adds a flat shipping fee of Rs. 100 to every order.
        </p>
      </section>

      <section aria-labelledby="terms-shipping">
        <h2 id="terms-shipping">Shipping</h2>
        <p>
          We ship only within India. Orders are processed in 1-2 business days. An order placed after 4 PM
          goes to the next business day. Standard shipping takes 5-7 business days; express takes 2-3 business
          days. Details are in our <Link to="/shipping-policy">Shipping Policy</Link>.
        </p>
      </section>

      <section aria-labelledby="terms-refunds">
        <h2 id="terms-refunds">Refunds and returns</h2>
        <p>
          Returns are accepted only for defective or damaged goods. Refund requests are allowed within 7 days
          of the order. Refunds are credited in 7-10 business days. Details are in our{" "}
          <Link to="/refund-policy">Refund Policy</Link>.
        </p>
      </section>

      <section aria-labelledby="terms-reviews">
        <h2 id="terms-reviews">Reviews</h2>
        <p>
          Reviews must be honest and about the product. We may remove reviews that are abusive, unlawful or
          unrelated to the product.
        </p>
      </section>

      <section aria-labelledby="terms-privacy">
        <h2 id="terms-privacy">Privacy</h2>
        <p>
          How we handle your personal data is described in our{" "}
          <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      </section>

      <section aria-labelledby="terms-law">
        <h2 id="terms-law">Governing law</h2>
        <p>
          These terms are governed by the laws of India. Any dispute is subject to the courts in {shop.city},
          Karnataka.
        </p>
      </section>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">Contact</h2>
        <p>
          Questions about these terms? E-mail <a href={`mailto:${shop.email}`}>{shop.email}</a> or call{" "}
          <a href={contact.hotlineHref}>{contact.hotline}</a>.
        </p>
      </section>
    </StaticPage>
  );
}
