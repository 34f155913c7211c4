import type { SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, json, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import type { FormConstraint } from "~/components/forms/checked-form-state";
import { FormError, Honeypot } from "~/components/forms/Field";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { inputProps, textareaProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { enquiryProblems } from "~/features/content";
import { contactSchema, createEnquiry } from "~/features/content/index.server";
import { AddressLines } from "~/features/settings";
import { clientAddress } from "~/lib/auth.server";
import { describeError } from "~/lib/errors.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { honeypotFilled } from "~/lib/forms/honeypot";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { failureMessages, successMessages } from "~/lib/messages";
import { consume, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/read-form.server";
import { shop } from "~/lib/shop";
import { toasts } from "~/lib/toast.server";
import { useShopContact } from "~/routes/shop/frame/use-shop-contact";
import contactStyles from "~/styles/contact.css?url";

const map = {
  title: "Map to Kaveri Computers, SP Road, Bengaluru",
  embed:
    "https://www.openstreetmap.org/export/embed.html?bbox=77.574%2C12.962%2C77.584%2C12.970&layer=mapnik&marker=12.966%2C77.579",
  link: "https://www.openstreetmap.org/?mlat=12.966&mlon=77.579#map=17/12.966/77.579",
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contactStyles }];

export const meta: MetaFunction = () => [
  { title: `Contact Us | ${shop.name}` },
  {
    name: "description",
    content: `Send ${shop.name} an enquiry, call us or visit our store on SP Road, ${shop.city}. Open ${shop.openingHours}.`,
  },
];

export async function loader() {
  return json({ constraint: getZodConstraint(contactSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, contactSchema);
  // A bot that fills the honeypot is told it worked, and nothing is stored.
  if (honeypotFilled(formData)) {
    return toasts().redirectWithSuccess("/contact", successMessages.enquirySent, { status: 303 });
  }

  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return replyInvalid(submission);
  }
  const db = await getDb();
  for (const [rule, subject] of [
    [rateLimits.contactEmail, submission.value.email.toLowerCase()],
    [rateLimits.contact, clientAddress(context)],
  ] as const) {
    const limit = await consume(db, rule, subject);
    if (limit.limited) {
      return replyWithError(submission, tooManyAttempts(limit), { status: 429 });
    }
  }
  try {
    await createEnquiry(db, submission.value);
  } catch (error) {
    console.error(`Could not store a contact enquiry: ${describeError(error)}`);
    return replyWithError(submission, enquiryProblems.notSent, {
      status: 503,
      toast: failureMessages.enquiryFailed,
    });
  }
  return toasts().redirectWithSuccess("/contact", successMessages.enquirySent, { status: 303 });
}

export default function Contact() {
  const answer = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const contact = useShopContact();
  return (
    <div className="container page contact-page">
      <Toasts toast={answer?.toast ?? null} />
      <Breadcrumbs current="Contact Us" />
      <h1>Contact Us</h1>

      <section className="contact-map" aria-labelledby="contact-map-heading">
        <h2 id="contact-map-heading" className="visually-hidden">
          Find our store
        </h2>
        <div className="contact-map-frame">
          <iframe
            loading="lazy"
            title={map.title}
            src={map.embed}
            referrerPolicy="no-referrer-when-downgrade"
          />
        </div>
        <p className="contact-map-link">
          <a href={map.link} rel="noopener noreferrer">
            Open the map
          </a>{" "}
          <span className="contact-muted">(OpenStreetMap, SP Road, {shop.city})</span>
        </p>
      </section>

      <div className="contact-layout">
        <section className="contact-card" aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading">Contact</h2>
          <ContactForm lastResult={answer?.result} constraint={constraint} />
        </section>

        <section className="contact-card contact-details" aria-labelledby="contact-details-heading">
          <h2 id="contact-details-heading">Get In Touch With Us</h2>
          <address>
            <strong>{shop.name}</strong>
            <AddressLines contact={contact} />
          </address>
          <dl className="contact-facts">
            <dt>Phone</dt>
            <dd>
              <a href={contact.hotlineHref}>{contact.hotline}</a>
            </dd>
            {contact.whatsapp ? (
              <>
                <dt>WhatsApp</dt>
                <dd>
                  <a href={contact.whatsapp.href} target="_blank" rel="noopener">
                    {contact.whatsapp.number}
                  </a>
                </dd>
              </>
            ) : null}
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${shop.email}`}>{shop.email}</a>
            </dd>
            <dt>Opening hours</dt>
            <dd>{shop.openingHours}</dd>
          </dl>
        </section>
      </div>
    </div>
  );
}

function ContactForm({
  lastResult,
  constraint,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
}) {
  const navigation = useNavigation();
  const [form, fields] = useCheckedForm("contact-form", lastResult, ["name", "email", "mobile", "comment"], {
    constraint,
    loadSchema: () => import("~/features/content/schemas").then((forms) => forms.contactSchema),
  });
  const sending = useIsPending();

  // A sent enquiry redirects back here, so the page stays mounted: empty the form once that round trip ends
  // without an answer from the action (a rejected form comes back as lastResult and keeps what was typed).
  const wasSending = useRef(false);
  const { reset } = form;
  useEffect(() => {
    if (sending) {
      wasSending.current = true;
    } else if (wasSending.current && navigation.state === "idle") {
      wasSending.current = false;
      if (!lastResult) reset();
    }
  }, [sending, navigation.state, lastResult, reset]);

  const { key: nameKey, ...nameProps } = inputProps(fields.name, { type: "text" });
  const { key: emailKey, ...emailProps } = inputProps(fields.email, { type: "email" });
  const { key: mobileKey, ...mobileProps } = inputProps(fields.mobile, { type: "tel" });
  const { key: commentKey, ...commentProps } = textareaProps(fields.comment);

  return (
    <Form method="post" className="contact-form" {...form.props} aria-labelledby="contact-form-heading">
      <p className="contact-muted">All fields are required.</p>
      <FormError id={form.errorId} errors={form.errors} />

      <FieldFrame id={fields.name.id} label="Name" field={fields.name}>
        <input key={nameKey} {...nameProps} autoComplete="name" />
      </FieldFrame>

      <FieldFrame id={fields.email.id} label="Email" field={fields.email}>
        <input key={emailKey} {...emailProps} autoComplete="email" />
      </FieldFrame>

      <FieldFrame id={fields.mobile.id} label="Mobile Number" field={fields.mobile}>
        <input key={mobileKey} {...mobileProps} inputMode="numeric" autoComplete="tel" />
      </FieldFrame>

      <FieldFrame id={fields.comment.id} label="Comments" field={fields.comment}>
        <textarea key={commentKey} {...commentProps} rows={5} />
      </FieldFrame>

      <Honeypot />

      <button type="submit" disabled={sending}>
        {sending ? "Sending…" : "Submit"}
      </button>
    </Form>
  );
}
