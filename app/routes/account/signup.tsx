import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Field, FormError, Honeypot } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { accountProblems } from "~/features/accounts";
import {
  createCustomer,
  signupSchema,
  signupServerSchema,
  startSession,
} from "~/features/accounts/index.server";
import { clientAddress, requireVisitor } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { honeypotFilled } from "~/lib/forms/honeypot";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { successMessages } from "~/lib/messages";
import { consume, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/read-form.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { shop } from "~/lib/shop";
import { toasts } from "~/lib/toast.server";

export const meta: MetaFunction = () => [
  { title: `Sign Up | ${shop.name}` },
  { name: "description", content: `Create your ${shop.name} account.` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVisitor(request);
  return json({ constraint: getZodConstraint(signupSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireVisitor(request);
  const formData = await readForm(request, signupSchema);
  // The server also refuses the common passwords (a list kept out of the browser bundle).
  const submission = parseWithZod(formData, { schema: signupServerSchema });
  // The password never travels back to the page.
  const hideFields = ["password"];
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });

  const db = await getDb();
  const limit = await consume(db, rateLimits.signup, clientAddress(context));
  if (limit.limited) return replyWithError(submission, tooManyAttempts(limit), { status: 429, hideFields });
  // A bot is told it worked, and nothing is stored.
  if (honeypotFilled(formData)) {
    return toasts().redirectWithSuccess("/", successMessages.userCreated, { status: 303 });
  }

  const { redirectTo, ...values } = submission.value;
  const created = await createCustomer(db, values);
  if (!created.ok) {
    return replyWithError(submission, accountProblems.emailTaken, {
      status: 409,
      field: "email",
      hideFields,
    });
  }
  const cookie = await startSession(db, created.customer.id);
  return toasts().redirectWithSuccess(safeRedirect(redirectTo), successMessages.userCreated, {
    status: 303,
    headers: { "Set-Cookie": cookie },
  });
}

export default function Signup() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm(
    "signup-form",
    actionData?.result,
    ["firstname", "lastname", "email", "mobile", "password"],
    {
      constraint,
      loadSchema: () => import("~/features/accounts/schemas").then((forms) => forms.signupSchema),
    },
  );
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const busy = useIsPending({ state: "submitting" });
  const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";

  return (
    <div className="container form-page">
      <Toasts toast={actionData?.toast ?? null} />
      <section className="form-card" aria-labelledby="signup-heading">
        <h1 id="signup-heading">Sign Up</h1>
        <p className="form-intro">Create an account to order, track your orders and keep a wishlist.</p>
        <Form method="post" className="stack-form" {...form.props} aria-labelledby="signup-heading">
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field label="First Name" field={fields.firstname} autoComplete="given-name" />
          <Field label="Last Name" field={fields.lastname} autoComplete="family-name" />
          <Field label="Email" field={fields.email} type="email" autoComplete="email" />
          <Field
            label="Mobile Number"
            field={fields.mobile}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            hint="10-digit mobile number; +91 or a leading 0 is fine."
          />
          <Field
            key={actionData?.toast?.id ?? "password"}
            label="Password"
            field={fields.password}
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters, and not a common password."
          />
          <Honeypot />
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              {busy ? "Signing up…" : "Sign Up"}
            </button>
          </div>
          <p className="form-links">
            Already have an account? <Link to={loginHref}>Log in</Link>
          </p>
        </Form>
      </section>
    </div>
  );
}
