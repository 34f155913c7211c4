import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage, staticPageMeta } from "~/features/content";
import { AddressLines } from "~/features/settings";
import { shop } from "~/lib/shop";
import { useShopContact } from "~/routes/shop/frame/use-shop-contact";
import pageStyles from "~/styles/pages.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: MetaFunction = () =>
  staticPageMeta(
    "About Us",
    `${shop.name} has served ${shop.city} for ${shop.yearsServing} years with new, refurbished and rental laptops and desktops, CCTV and biometric installation, and IT accessories.`,
  );

export default function About() {
  const contact = useShopContact();
  return (
    <StaticPage
      title="About Us"
      intro={
        <>
          {shop.name} is a computer dealer in {shop.city}. We have been serving {shop.city} for{" "}
          {shop.yearsServing} years, helping homes, students, shops and offices choose, buy and look after the
          computers and security systems they depend on.
        </>
      }
    >
      <section aria-labelledby="about-what">
        <h2 id="about-what">What we offer</h2>
        <ul>
          <li>
            <strong>New laptops and desktops</strong> for study, work from home, business and gaming, with the
            manufacturer&rsquo;s warranty.
          </li>
          <li>
            <strong>Refurbished laptops and desktops</strong> that are checked, cleaned and tested before
            sale, for anyone who wants a dependable machine on a smaller budget.
          </li>
          <li>
            <strong>Rental laptops and desktops</strong> for offices, training sessions, events and short
            projects, so you pay only for the time you need them.
          </li>
          <li>
            <strong>CCTV and biometric installation</strong> for homes, shops and offices: we help you choose
            the cameras, recorders and attendance or access-control devices, and our technicians install them
            on site.
          </li>
          <li>
            <strong>IT accessories</strong> such as keyboards, mice, monitors, storage, networking gear,
            cables and bags.
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-why">
        <h2 id="about-why">Why buy from us</h2>
        <ul>
          <li>
            <strong>A local shop you can walk into.</strong> We have been in {shop.city} for{" "}
            {shop.yearsServing} years. You can see a machine before you buy it, and you know where to find us
            afterwards.
          </li>
          <li>
            <strong>Honest advice.</strong> We recommend what fits your work and budget, whether that is a
            new, refurbished or rental machine.
          </li>
          <li>
            <strong>Clear policies.</strong> Our <Link to="/shipping-policy">shipping</Link>,{" "}
            <Link to="/refund-policy">refund</Link> and <Link to="/privacy-policy">privacy</Link> policies say
            plainly what we do and how long it takes.
          </li>
          <li>
            <strong>Secure payment.</strong> Online orders are paid through PhonePe, and we deliver anywhere
            in India.
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-visit">
        <h2 id="about-visit">Visit our store</h2>
        <p>Come and see us at our walk-in store:</p>
        <address className="static-address">
          <strong>{shop.name}</strong>
          <AddressLines contact={contact} />
        </address>
        <dl className="static-facts">
          <dt>Opening hours</dt>
          <dd>{shop.openingHours}</dd>
          <dt>Phone</dt>
          <dd>
            <a href={contact.hotlineHref}>{contact.hotline}</a>
          </dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${shop.email}`}>{shop.email}</a>
          </dd>
        </dl>
        <p>
          Have a question before you visit? Send us a message through our{" "}
          <Link to="/Contact">contact page</Link>.
        </p>
      </section>
    </StaticPage>
  );
}
