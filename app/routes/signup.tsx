import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { clientAddress, requireVisitor } from "~/auth.server";
import { Field, FormError, Honeypot } from "~/components/forms/Field";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { signupSchema } from "~/lib/forms/accounts";
import { honeypotFilled } from "~/lib/forms/honeypot";
import { safeRedirect } from "~/lib/safe-redirect";
import { shop } from "~/lib/shop";
import { signupServerSchema } from "~/modules/accounts/common-passwords.server";
import { createCustomer, EMAIL_TAKEN } from "~/modules/accounts/customers.server";
import { startSession } from "~/modules/accounts/session.server";
import { consume, rateLimits, tooManyAttempts } from "~/modules/security/rate-limit.server";
import { readForm } from "~/read-form.server";
import { inlineToast, toasts } from "~/toast.server";

export const meta: MetaFunction = () => [
  { title: `Sign Up | ${shop.name}` },
  { name: "description", content: `Create your ${shop.name} account.` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVisitor(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireVisitor(request);
  const formData = await readForm(request, signupSchema);
  // The server also refuses the common passwords (a list kept out of the browser bundle).
  const submission = parseWithZod(formData, { schema: signupServerSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  const refuse = (message: string, status: number, field?: "email") =>
    json(
      {
        result: submission.reply({
          ...(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
          hideFields: ["password"],
        }),
        toast: inlineToast("error", message),
      },
      { status },
    );

  const db = await getDb();
  const limit = await consume(db, rateLimits.signup, clientAddress(context));
  if (limit.limited) return refuse(tooManyAttempts(limit), 429);
  // A bot is told it worked, and nothing is stored.
  if (honeypotFilled(formData))
    return toasts().redirectWithSuccess("/", "User Created Successfully", { status: 303 });

  const { redirectTo, ...values } = submission.value;
  const created = await createCustomer(db, values);
  if (!created.ok) return refuse(EMAIL_TAKEN, 409, "email");
  const cookie = await startSession(db, created.customer.id);
  return toasts().redirectWithSuccess(safeRedirect(redirectTo), "User Created Successfully", {
    status: 303,
    headers: { "Set-Cookie": cookie },
  });
}

export default function Signup() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "signup-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(signupSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/signup") === true;
  const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";

  return (
    <div className="container form-page">
      <Toasts toast={actionData?.toast ?? null} />
      <section className="form-card" aria-labelledby="signup-heading">
        <h1 id="signup-heading">Sign Up</h1>
        <p className="form-intro">Create an account to order, track your orders and keep a wishlist.</p>
        <Form method="post" className="stack-form" {...getFormProps(form)} aria-labelledby="signup-heading">
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
