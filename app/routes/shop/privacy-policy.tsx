import { json, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getDb } from "~/db/db.server";
import { privacyPolicyTexts } from "~/features/accounts";
import { StaticPage, staticPageMeta } from "~/features/content";
import { readShopSettings } from "~/features/settings/index.server";
import { shop } from "~/lib/shop";
import { useShopContact } from "~/routes/shop/frame/use-shop-contact";
import pageStyles from "~/styles/pages.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: MetaFunction = () =>
  staticPageMeta(
    "Privacy Policy",
    `What personal data ${shop.name} keeps, why we keep it, the cookies we use and how to contact us about your data. We never sell your data.`,
  );

/** The grievance contact the dealer set in the back office (read through the settings, kept by version). */
export async function loader() {
  const settings = await readShopSettings(await getDb());
  return json({ grievance: { name: settings.grievanceName, email: settings.grievanceEmail } });
}

export default function PrivacyPolicy() {
  const contact = useShopContact();
  const { grievance } = useLoaderData<typeof loader>();
  return (
    <StaticPage
      title="Privacy Policy"
      intro={`${shop.legalName} ("${shop.name}", "we") runs this online shop. This policy explains what personal data we keep when you use it, why, and the choices you have.`}
    >
      <section aria-labelledby="privacy-data">
        <h2 id="privacy-data">The data we keep</h2>
        <p>We keep only what we need to run your account and deliver your orders:</p>
        <ul>
          <li>
            your name, e-mail address and mobile number, which you give us when you sign up or edit your
            profile;
          </li>
          <li>the delivery addresses you enter at checkout;</li>
          <li>your orders: the products, quantities, colours, prices and the status of each order;</li>
          <li>your wishlist, cart and the product reviews you write;</li>
          <li>
            messages you send us through the contact form, and your e-mail address if you subscribe to our
            newsletter.
          </li>
        </ul>
        <p>
          Your password is stored only in a scrambled (hashed) form that cannot be turned back into the
          password.
        </p>
      </section>

      <section aria-labelledby="privacy-payments">
        <h2 id="privacy-payments">Payments</h2>
        <p>
          Payments are made through PhonePe. You enter your payment details on PhonePe, not on our site, so we
          never see or store your card numbers, UPI PIN or bank passwords. PhonePe tells us whether a payment
          succeeded and gives us a transaction reference, which we keep with your order.
        </p>
      </section>

      <section aria-labelledby="privacy-use">
        <h2 id="privacy-use">How we use your data</h2>
        <ul>
          <li>to process, ship and support your orders, including refunds and returns;</li>
          <li>to run your account, cart and wishlist;</li>
          <li>to answer your enquiries;</li>
          <li>to send our newsletter, only if you subscribed to it;</li>
          <li>to keep proper business and tax records as Indian law requires.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">Cookies</h2>
        <p>
          We use a sessions cookie to keep you logged in while you shop. It holds a random token, not your
          personal details, and is removed when you log out. We also use short-lived cookies to show you
          messages after an action and to remember the products you chose to compare. We do not use
          advertising or tracking cookies.
        </p>
      </section>

      <section aria-labelledby="privacy-sharing">
        <h2 id="privacy-sharing">Who we share it with</h2>
        <p>
          We do not sell your data, and we do not rent or trade it to anyone. We share only what is needed to
          complete your order: your payment amount with PhonePe, and your name, mobile number and delivery
          address with the courier that delivers your parcel. We may also disclose data when the law requires
          it.
        </p>
      </section>

      <section aria-labelledby="privacy-your-data">
        <h2 id="privacy-your-data">{privacyPolicyTexts.heading}</h2>
        <ul>
          <li>{privacyPolicyTexts.download}</li>
          <li>{privacyPolicyTexts.correct}</li>
          <li>{privacyPolicyTexts.delete}</li>
        </ul>
        <p>
          {privacyPolicyTexts.where} <Link to="/my-profile">My Profile</Link>.
        </p>
        <p>{privacyPolicyTexts.kept}</p>
        <p>{privacyPolicyTexts.breach}</p>
        <p>
          {privacyPolicyTexts.grievance} {grievance.name},{" "}
          <a href={`mailto:${grievance.email}`}>{grievance.email}</a>.
        </p>
        <p>{privacyPolicyTexts.board}</p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Contact</h2>
        <p>
          Questions about this policy or your data? E-mail <a href={`mailto:${shop.email}`}>{shop.email}</a>{" "}
          or write to {shop.legalName}, {contact.address.join(", ")}.
        </p>
      </section>
    </StaticPage>
  );
}
