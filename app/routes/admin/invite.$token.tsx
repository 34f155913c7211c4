import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { DeadLink } from "~/components/admin/DeadLink";
import { Field, FormError } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { acceptInviteServerSchema } from "~/features/accounts/index.server";
import { staffMessages } from "~/features/staff";
import {
  acceptInvitation,
  acceptInviteSchema,
  invitation,
  type LinkState,
  staffCookieHeaders,
  startStaffSession,
} from "~/features/staff/index.server";
import { clientAddress } from "~/lib/auth.server";
import { replyBusy, replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { consume, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";
import { ServiceBusyError } from "~/lib/work-gate.server";

export const meta: MetaFunction = () => adminMeta("Choose your password");

const linkProblem: Record<Exclude<LinkState, "valid">, string> = {
  unknown: staffMessages.inviteUnknown,
  expired: staffMessages.inviteExpired,
  used: staffMessages.inviteUsed,
};

export async function loader({ params }: LoaderFunctionArgs) {
  const invite = await invitation(await getDb(), params.token ?? "");
  const constraint = getZodConstraint(acceptInviteSchema);
  if (invite.state !== "valid" || !invite.member) {
    return json(
      { problem: linkProblem[invite.state === "valid" ? "unknown" : invite.state], member: null, constraint },
      { status: 410 },
    );
  }
  return json({
    problem: null,
    member: { name: invite.member.name, email: invite.member.email },
    constraint,
  });
}

/** An invited member sets a password, once, and is signed in. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request, acceptInviteSchema);
  const submission = parseWithZod(formData, { schema: acceptInviteServerSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  const db = await getDb();
  const limit = await consume(db, rateLimits.staffLinks, clientAddress(context));
  if (limit.limited) return replyWithError(submission, tooManyAttempts(limit), { status: 429, hideFields });
  let accepted: Awaited<ReturnType<typeof acceptInvitation>>;
  try {
    accepted = await acceptInvitation(db, params.token ?? "", submission.value.password);
  } catch (error) {
    if (!(error instanceof ServiceBusyError)) throw error;
    return replyBusy(submission, error, hideFields);
  }
  if (!accepted.ok) {
    const problem =
      accepted.problem === "valid" || accepted.problem === "email-taken" ? "unknown" : accepted.problem;
    return replyWithError(submission, linkProblem[problem], { status: 410, hideFields });
  }
  const cookie = await startStaffSession(db, accepted.member.id);
  return toasts().redirectWithSuccess("/admin", staffMessages.passwordSet, {
    status: 303,
    headers: staffCookieHeaders(cookie),
  });
}

export default function AcceptInvitation() {
  const { problem, member, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsPending({ state: "submitting" });
  const [form, fields] = useCheckedForm("accept-invite", answer?.result, ["password"], {
    constraint,
    loadSchema: () => import("~/features/staff/schemas").then((forms) => forms.acceptInviteSchema),
  });
  return (
    <section className="form-card" aria-labelledby="invite-heading">
      <Toasts toast={answer?.toast ?? null} />
      <h1 id="invite-heading">Choose your password</h1>
      {problem || !member ? (
        <DeadLink problem={problem ?? ""} />
      ) : (
        <>
          <p className="form-intro">
            Welcome, {member.name}. Choose the password for {member.email}; you will log in with it at /admin.
          </p>
          <Form method="post" className="stack-form" {...form.props}>
            <FormError id={form.errorId} errors={form.errors} />
            <Field
              label="Password"
              field={fields.password}
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters, and not a common password."
            />
            <button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Set my password"}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
