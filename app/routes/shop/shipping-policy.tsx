import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage, staticPageMeta } from "~/features/content";
import { shop } from "~/lib/shop";
import { useShopContact } from "~/routes/shop/frame/use-shop-contact";
import pageStyles from "~/styles/pages.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: MetaFunction = () =>
  staticPageMeta(
    "Shipping Policy",
    `How ${shop.name} ships orders within India: processing in 1-2 business days, standard shipping in 5-7 business days, express in 2-3 business days, and a flat shipping fee of Rs. 100.`,
  );

export default function ShippingPolicy() {
  const contact = useShopContact();
  return (
    <StaticPage
      title="Shipping Policy"
      intro={`This policy explains where ${shop.name} delivers, how quickly your order leaves our store and what shipping costs.`}
    >
      <section aria-labelledby="shipping-where">
        <h2 id="shipping-where">Where we ship</h2>
        <p>
          We ship only within India. We cannot accept orders for delivery to addresses outside India. Please
          check that your address and PIN code are complete and correct at checkout, as a wrong address can
          delay your delivery.
        </p>
      </section>

      <section aria-labelledby="shipping-processing">
        <h2 id="shipping-processing">Order processing</h2>
        <p>
          Orders are processed in 1-2 business days. An order placed after 4 PM goes to the next business day.
          Business days are Monday to Friday, excluding public holidays. Processing starts once your PhonePe
          payment has been confirmed.
        </p>
      </section>

      <section aria-labelledby="shipping-times">
        <h2 id="shipping-times">Delivery times</h2>
        <p>Once your order has been processed and handed to our courier partner, delivery takes:</p>
        <table className="static-table">
          <caption className="visually-hidden">Delivery times by shipping method</caption>
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Delivery time</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Standard shipping</th>
              <td>5-7 business days</td>
            </tr>
            <tr>
              <th scope="row">Express shipping</th>
              <td>2-3 business days</td>
            </tr>
          </tbody>
        </table>
        <p>
          Standard shipping takes 5-7 business days; express takes 2-3 business days. These times are counted
          from dispatch. Remote locations, severe weather, strikes or other events outside our control can
          occasionally add a few days.
        </p>
      </section>

      <section aria-labelledby="shipping-charges">
        <h2 id="shipping-charges">Shipping charges</h2>
        <p>
          Checkout adds a flat shipping fee of Rs. 100 to each order, whatever its size. The fee is shown in
          your order summary before you pay, so there are no surprises.
        </p>
      </section>

      <section aria-labelledby="shipping-receiving">
        <h2 id="shipping-receiving">Receiving your order</h2>
        <p>
          Please check the package when it arrives. If it is damaged or the goods inside are defective, keep
          the packaging and contact us as described in our <Link to="/refund-policy">Refund Policy</Link>. You
          can see the status of your orders at any time under <Link to="/my-orders">My Orders</Link>.
        </p>
      </section>

      <section aria-labelledby="shipping-contact">
        <h2 id="shipping-contact">Questions</h2>
        <p>
          For help with a delivery, write to <a href={`mailto:${shop.email}`}>{shop.email}</a> or call{" "}
          <a href={contact.hotlineHref}>{contact.hotline}</a> ({shop.openingHours}).
        </p>
      </section>
    </StaticPage>
  );
}
