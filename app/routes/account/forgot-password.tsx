import { type ActionFunctionArgs, json, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError, Honeypot } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { accountProblems } from "~/features/accounts";
import { forgotPasswordSchema, requestPasswordReset } from "~/features/accounts/index.server";
import { clientAddress } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { describeError } from "~/lib/errors.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { honeypotFilled } from "~/lib/forms/honeypot";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { sendAfterAnswer } from "~/lib/mail.server";
import { failureMessages, successMessages } from "~/lib/messages";
import { consume, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/read-form.server";
import { shop } from "~/lib/shop";
import { toasts } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: `Forgot Password | ${shop.name}` }];

export async function loader() {
  return json({ constraint: getZodConstraint(forgotPasswordSchema) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, forgotPasswordSchema);
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const sent = () => toasts().redirectWithSuccess("/login", successMessages.resetMailSent, { status: 303 });
  if (honeypotFilled(formData)) return sent();

  const db = await getDb();
  const { email } = submission.value;
  for (const [rule, subject] of [
    [rateLimits.forgotPasswordClient, clientAddress(context)],
    [rateLimits.forgotPasswordEmail, email],
  ] as const) {
    const limit = await consume(db, rule, subject);
    if (limit.limited) return replyWithError(submission, tooManyAttempts(limit), { status: 429 });
  }
  try {
    // The mail goes out after the answer, so known and unknown addresses take the same time to answer.
    await requestPasswordReset(db, email, {
      baseUrl: config().publicUrl,
      send: sendAfterAnswer("a password reset mail"),
    });
  } catch (error) {
    console.error(`Could not start a password reset: ${describeError(error)}`);
    // The toast is the rules' short message; the form adds what to do.
    return replyWithError(submission, accountProblems.resetNotStarted, {
      status: 503,
      toast: failureMessages.somethingWentWrong,
    });
  }
  // The same answer whether or not the address has an account, so the form tells nobody who shops here.
  return sent();
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm("forgot-password-form", actionData?.result, ["email"], {
    constraint,
    loadSchema: () => import("~/features/accounts/schemas").then((forms) => forms.forgotPasswordSchema),
  });
  const busy = useIsPending({ state: "submitting" });

  return (
    <div className="container form-page">
      <Toasts toast={actionData?.toast ?? null} />
      <section className="form-card" aria-labelledby="forgot-heading">
        <h1 id="forgot-heading">Reset Your Password</h1>
        <p className="form-intro">We will send you an email to reset your password.</p>
        <Form method="post" className="stack-form" {...form.props} aria-labelledby="forgot-heading">
          <FormError id={form.errorId} errors={form.errors} />
          <Field label="Email" field={fields.email} type="email" autoComplete="email" />
          <Honeypot />
          <div className="form-actions">
            <button type="submit" disabled={busy}>
              {busy ? "Sending…" : "Submit"}
            </button>
            <Link to="/login">Cancel</Link>
          </div>
        </Form>
      </section>
    </div>
  );
}
