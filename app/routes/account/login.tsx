import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Field, FormError, Honeypot } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { accountProblems } from "~/features/accounts";
import { authenticate, loginSchema, startSession } from "~/features/accounts/index.server";
import { clientAddress, requireVisitor } from "~/lib/auth.server";
import { replyBusy, replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { honeypotFilled } from "~/lib/forms/honeypot";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { successMessages } from "~/lib/messages";
import { claimLoginAttempt, loginSucceeded, tooManyAttempts } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/read-form.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { shop } from "~/lib/shop";
import { toasts } from "~/lib/toast.server";
import { ServiceBusyError } from "~/lib/work-gate.server";

export const meta: MetaFunction = () => [
  { title: `Log in | ${shop.name}` },
  { name: "description", content: `Log in to your ${shop.name} account.` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireVisitor(request);
  return json({ constraint: getZodConstraint(loginSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireVisitor(request);
  const formData = await readForm(request, loginSchema);
  const submission = parseWithZod(formData, { schema: loginSchema });
  // The password never travels back to the page.
  const hideFields = ["password"];
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  if (honeypotFilled(formData)) {
    return replyWithError(submission, accountProblems.badCredentials, { status: 401, hideFields });
  }

  const db = await getDb();
  const { email, password, redirectTo } = submission.value;
  // Every limit is counted before the password is hashed: the hash is the expensive part.
  const attempt = await claimLoginAttempt(db, { email, client: clientAddress(context) });
  if (!attempt.allowed) {
    return replyWithError(submission, tooManyAttempts(attempt), { status: 429, hideFields });
  }

  let customer: Awaited<ReturnType<typeof authenticate>>;
  try {
    customer = await authenticate(db, email, password);
  } catch (error) {
    if (!(error instanceof ServiceBusyError)) throw error;
    return replyBusy(submission, error, hideFields);
  }
  if (!customer) {
    return replyWithError(submission, accountProblems.badCredentials, { status: 401, hideFields });
  }
  await loginSucceeded(db, email);
  const cookie = await startSession(db, customer.id);
  return toasts().redirectWithSuccess(safeRedirect(redirectTo), successMessages.loggedIn, {
    status: 303,
    headers: { "Set-Cookie": cookie },
  });
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm("login-form", actionData?.result, ["email", "password"], {
    constraint,
    loadSchema: () => import("~/features/accounts/schemas").then((forms) => forms.loginSchema),
  });
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const busy = useIsPending({ state: "submitting" });
  const signupHref = redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : "/signup";

  return (
    <div className="container form-page">
      <Toasts toast={actionData?.toast ?? null} />
      <section className="form-card" aria-labelledby="login-heading">
        <h1 id="login-heading">Login</h1>
        <p className="form-intro">Log in to your account to see your orders, cart and wishlist.</p>
        <Form method="post" className="stack-form" {...form.props} aria-labelledby="login-heading">
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
