import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { requireVisitor } from "~/auth.server";
import { Field, FormError, Honeypot } from "~/components/forms/Field";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { loginSchema } from "~/lib/forms/accounts";
import { honeypotFilled } from "~/lib/forms/honeypot";
import { safeRedirect } from "~/lib/safe-redirect";
import { shop } from "~/lib/shop";
import { authenticate, BAD_CREDENTIALS } from "~/modules/accounts/customers.server";
import { startSession } from "~/modules/accounts/session.server";
import {
  checkLimit,
  clearHits,
  rateLimits,
  recordHit,
  tooManyAttempts,
} from "~/modules/security/rate-limit.server";
import { inlineToast, toasts } from "~/toast.server";

export const meta: MetaFunction = () => [
  { title: `Log in | ${shop.name}` },
  { name: "description", content: `Log in to your ${shop.name} account.` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVisitor(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireVisitor(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  const refuse = (message: string, status: number) =>
    json(
      {
        result: submission.reply({ formErrors: [message], hideFields: ["password"] }),
        toast: inlineToast("error", message),
      },
      { status },
    );
  if (honeypotFilled(formData)) return refuse(BAD_CREDENTIALS, 401);

  const db = await getDb();
  const { email, password, redirectTo } = submission.value;
  const limit = await checkLimit(db, rateLimits.loginFailures, email);
  if (limit.limited) return refuse(tooManyAttempts(limit), 429);

  const customer = await authenticate(db, email, password);
  if (!customer) {
    await recordHit(db, rateLimits.loginFailures, email);
    return refuse(BAD_CREDENTIALS, 401);
  }
  await clearHits(db, rateLimits.loginFailures, email);
  const cookie = await startSession(db, customer.id);
  return toasts().redirectWithSuccess(safeRedirect(redirectTo), "User Logged In Successfully", {
    status: 303,
    headers: { "Set-Cookie": cookie },
  });
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/login") === true;
  const signupHref = redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : "/signup";

  return (
    <div className="container form-page">
      <Toasts toast={actionData?.toast ?? null} />
      <section className="form-card" aria-labelledby="login-heading">
        <h1 id="login-heading">Login</h1>
        <p className="form-intro">Log in to your account to see your orders, cart and wishlist.</p>
        <Form method="post" className="stack-form" {...getFormProps(form)} aria-labelledby="login-heading">
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field label="Email" field={fields.email} type="email" autoComplete="email" />
          <Field
            key={actionData?.toast?.id ?? "password"}
            label="Password"
            field={fields.password}
            type="password"
            autoComplete="current-password"
          />
          <Honeypot />
          <p className="form-links">
            <Link to="/forgot-password">Forgot Password?</Link>
          </p>
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              {busy ? "Logging in…" : "Login"}
            </button>
            <Link to={signupHref} className="button button-secondary">
              SignUp
            </Link>
          </div>
        </Form>
      </section>
    </div>
  );
}
