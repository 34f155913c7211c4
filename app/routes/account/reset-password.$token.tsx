import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import {
  checkResetToken,
  resetPassword,
  resetPasswordSchema,
  resetPasswordServerSchema,
  tokenProblems,
} from "~/features/accounts/index.server";
import { clientAddress } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { failureMessages, successMessages } from "~/lib/messages";
import { consume, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/read-form.server";
import { shop } from "~/lib/shop";
import { toasts } from "~/lib/toast.server";

export const meta: MetaFunction = () => [
  { title: `Reset Password | ${shop.name}` },
  // The token in this URL must not reach search engines (other sites get only our origin as referrer).
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const state = await checkResetToken(await getDb(), params.token ?? "");
  return json(
    {
      problem: state === "valid" ? null : tokenProblems[state],
      constraint: getZodConstraint(resetPasswordSchema),
    },
    { status: state === "valid" ? 200 : 410 },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request, resetPasswordSchema);
  // The server also refuses the common passwords (a list kept out of the browser bundle).
  const submission = parseWithZod(formData, { schema: resetPasswordServerSchema });
  // The password never travels back to the page.
  const hideFields = ["password"];
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  const db = await getDb();
  const limit = await consume(db, rateLimits.resetPassword, clientAddress(context));
  let refused: { reason: string; status: number };
  if (limit.limited) {
    refused = { reason: tooManyAttempts(limit), status: 429 };
  } else {
    const state = await resetPassword(db, params.token ?? "", submission.value.password);
    if (state === "valid") {
      return toasts().redirectWithSuccess("/login", successMessages.passwordChanged, { status: 303 });
    }
    refused = { reason: tokenProblems[state], status: 410 };
  }
  // The toast is the rules' short message for a failed reset; the form says why.
  return replyWithError(submission, refused.reason, {
    status: refused.status,
    hideFields,
    toast: failureMessages.somethingWentWrong,
  });
}

export default function ResetPassword() {
  const { problem, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useCheckedForm("reset-password-form", actionData?.result, ["password"], {
    constraint,
    loadSchema: () => import("~/features/accounts/schemas").then((forms) => forms.resetPasswordSchema),
  });
  const busy = useIsPending({ state: "submitting" });

  return (
    <div className="container form-page">
      <Toasts toast={actionData?.toast ?? null} />
      <section className="form-card" aria-labelledby="reset-heading">
        <h1 id="reset-heading">Reset Password</h1>
        {problem ? (
          <>
            <p className="form-error" role="alert">
              {problem}
            </p>
            <p className="form-links">
              <Link to="/forgot-password">Send me a new link</Link>
            </p>
          </>
        ) : (
          <>
            <p className="form-intro">Choose a new password for your account.</p>
            <Form method="post" className="stack-form" {...form.props} aria-labelledby="reset-heading">
              <FormError id={form.errorId} errors={form.errors} />
              <Field
                key={actionData?.toast?.id ?? "new"}
                label="New Password"
                field={fields.password}
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters, and not a common password."
              />
              <div className="form-actions">
                <button type="submit" disabled={busy}>
                  {busy ? "Saving…" : "Ok"}
                </button>
              </div>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
