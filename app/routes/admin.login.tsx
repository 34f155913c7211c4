import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { clientAddress } from "~/auth.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { Field, FormError } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { replyBusy, replyInvalid, replyWithError } from "~/form-reply.server";
import { staffMessages } from "~/lib/admin-messages";
import { getZodConstraint, parseWithZod, staffLoginSchema } from "~/lib/forms/schemas.server";
import { accountProblems } from "~/lib/messages";
import { safeRedirect } from "~/lib/safe-redirect";
import {
  claimLoginAttempt,
  loginSucceeded,
  rateLimits,
  tooManyAttempts,
} from "~/modules/security/rate-limit.server";
import { ServiceBusyError } from "~/modules/security/work-gate.server";
import { authenticateStaff } from "~/modules/staff/staff.server";
import { getSessionStaff, startStaffSession } from "~/modules/staff/staff-session.server";
import { readForm } from "~/read-form.server";
import { toasts } from "~/toast.server";

export const meta: MetaFunction = () => adminMeta("Log in");

/** Where to go after logging in: a back-office page, never anywhere else. */
function backOfficePath(to: FormDataEntryValue | null): string {
  const path = safeRedirect(to, "/admin");
  return /^\/admin(?:[/?#]|$)/.test(path) && !path.startsWith("/admin/login") ? path : "/admin";
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionStaff(await getDb(), request)) throw redirect("/admin", { status: 303 });
  return json({ constraint: getZodConstraint(staffLoginSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, staffLoginSchema);
  const submission = parseWithZod(formData, { schema: staffLoginSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  const db = await getDb();
  const { email, password } = submission.value;
  // Counted before the password is hashed, as for customers, in the staff's own backoff bucket.
  const subject = `staff:${email}`;
  const attempt = await claimLoginAttempt(
    db,
    { email: subject, client: clientAddress(context) },
    new Date(),
    {
      global: rateLimits.staffLoginGlobal,
      client: rateLimits.staffLoginClient,
    },
  );
  if (!attempt.allowed)
    return replyWithError(submission, tooManyAttempts(attempt), { status: 429, hideFields });
  let member: Awaited<ReturnType<typeof authenticateStaff>>;
  try {
    member = await authenticateStaff(db, email, password);
  } catch (error) {
    if (!(error instanceof ServiceBusyError)) throw error;
    return replyBusy(submission, error, hideFields);
  }
  if (!member) return replyWithError(submission, accountProblems.badCredentials, { status: 401, hideFields });
  await loginSucceeded(db, subject);
  const cookie = await startStaffSession(db, member.id);
  const to = backOfficePath(new URL(request.url).searchParams.get("redirectTo"));
  return toasts().redirectWithSuccess(to, staffMessages.loggedIn, {
    status: 303,
    headers: { "Set-Cookie": cookie },
  });
}

export default function AdminLogin() {
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const busy = useIsPending({ state: "submitting" });
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm("admin-login", answer?.result, ["email", "password"], {
    constraint,
    loadSchema: () => import("~/lib/forms/staff").then((forms) => forms.staffLoginSchema),
  });
  const redirectTo = searchParams.get("redirectTo");
  return (
    <section className="form-card" aria-labelledby="admin-login-heading">
      <Toasts toast={answer?.toast ?? null} />
      <h1 id="admin-login-heading">Back office log-in</h1>
      <p className="form-intro">For the shop's staff. Customers log in on the shop's own Login page.</p>
      <Form
        method="post"
        action={redirectTo ? `/admin/login?${new URLSearchParams({ redirectTo })}` : "/admin/login"}
        className="stack-form"
        {...form.props}
      >
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Email" field={fields.email} type="email" autoComplete="username" />
        <Field
          key={answer?.toast?.id ?? "password"}
          label="Password"
          field={fields.password}
          type="password"
          autoComplete="current-password"
        />
        <button type="submit" disabled={busy}>
          {busy ? "Logging in…" : "Log in"}
        </button>
      </Form>
    </section>
  );
}
