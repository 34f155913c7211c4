import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage, staticPageMeta } from "~/features/content";
import { shop } from "~/lib/shop";
import { useShopContact } from "~/routes/shop/frame/use-shop-contact";
import pageStyles from "~/styles/pages.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: MetaFunction = () =>
  staticPageMeta(
    "Refund Policy",
    `Refunds and returns at ${shop.name}: request a refund within 7 days of the order; refunds are credited in 7-10 business days; returns only for defective or damaged goods.`,
  );

export default function RefundPolicy() {
  const contact = useShopContact();
  return (
    <StaticPage
      title="Refund Policy"
      intro={`We want you to be happy with what you buy from ${shop.name}. This policy explains when you can return a product and how refunds work.`}
    >
      <section aria-labelledby="refund-returns">
        <h2 id="refund-returns">Returns</h2>
        <p>
          Returns are accepted only for defective or damaged goods. A product is defective if it does not work
          as described, and damaged if it arrives broken or harmed in transit. We cannot accept returns for a
          change of mind, for products damaged after delivery through misuse, or for products that are not in
          their original condition with all accessories, manuals and packaging.
        </p>
      </section>

      <section aria-labelledby="refund-window">
        <h2 id="refund-window">How long you have</h2>
        <p>
          Refund requests are allowed within 7 days of the order. Requests made after that period cannot be
          accepted, so please check your products as soon as they arrive.
        </p>
      </section>

      <section aria-labelledby="refund-how">
        <h2 id="refund-how">How to request a refund</h2>
        <ol>
          <li>
            Write to <a href={`mailto:${shop.email}`}>{shop.email}</a> or call{" "}
            <a href={contact.hotlineHref}>{contact.hotline}</a> with your order id and a short description of
            the defect or damage. Photos of the product and packaging help us decide quickly.
          </li>
          <li>
            We will confirm whether the product can be returned and tell you how to send it back or bring it
            to our store.
          </li>
          <li>
            Once we have received and inspected the product, we will tell you whether the refund is approved.
          </li>
        </ol>
      </section>

      <section aria-labelledby="refund-credit">
        <h2 id="refund-credit">When you get your money back</h2>
        <p>
          Refunds are credited in 7-10 business days after approval. The money goes back through PhonePe to
          the account or payment method you paid with. Your bank may take a little longer to show the credit
          on your statement.
        </p>
      </section>

      <section aria-labelledby="refund-more">
        <h2 id="refund-more">Related policies</h2>
        <p>
          See our <Link to="/shipping-policy">Shipping Policy</Link> for delivery times and our{" "}
          <Link to="/term-conditions">Terms &amp; Conditions</Link> for the terms of every purchase.
        </p>
      </section>
    </StaticPage>
  );
}
