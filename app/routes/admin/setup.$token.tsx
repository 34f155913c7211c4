import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { DeadLink } from "~/components/admin/DeadLink";
import { Field, FormError } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { ownerSetupServerSchema } from "~/features/accounts/index.server";
import { staffMessages } from "~/features/staff";
import {
  createOwnerFromSetup,
  type LinkState,
  ownerSetupSchema,
  setupLinkState,
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

export const meta: MetaFunction = () => adminMeta("Set up the owner account");

const linkProblem: Record<Exclude<LinkState, "valid">, string> = {
  unknown: staffMessages.setupUnknown,
  expired: staffMessages.setupExpired,
  used: staffMessages.setupUsed,
};

export async function loader({ params }: LoaderFunctionArgs) {
  const state = await setupLinkState(await getDb(), params.token ?? "");
  return json(
    {
      problem: state === "valid" ? null : linkProblem[state],
      constraint: getZodConstraint(ownerSetupSchema),
    },
    { status: state === "valid" ? 200 : 410 },
  );
}

/** The first run's owner account, from the link the server printed. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request, ownerSetupSchema);
  const submission = parseWithZod(formData, { schema: ownerSetupServerSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  const db = await getDb();
  const limit = await consume(db, rateLimits.staffLinks, clientAddress(context));
  if (limit.limited) return replyWithError(submission, tooManyAttempts(limit), { status: 429, hideFields });
  let created: Awaited<ReturnType<typeof createOwnerFromSetup>>;
  try {
    created = await createOwnerFromSetup(db, params.token ?? "", submission.value);
  } catch (error) {
    if (!(error instanceof ServiceBusyError)) throw error;
    return replyBusy(submission, error, hideFields);
  }
  if (!created.ok) {
    const message =
      created.problem === "email-taken"
        ? staffMessages.emailTaken
        : linkProblem[created.problem === "valid" ? "unknown" : created.problem];
    return replyWithError(submission, message, { status: 410, hideFields });
  }
  const cookie = await startStaffSession(db, created.member.id);
  return toasts().redirectWithSuccess("/admin", staffMessages.ownerCreated, {
    status: 303,
    headers: staffCookieHeaders(cookie),
  });
}

export default function OwnerSetup() {
  const { problem, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsPending({ state: "submitting" });
  const [form, fields] = useCheckedForm("owner-setup", answer?.result, ["name", "email", "password"], {
    constraint,
    loadSchema: () => import("~/features/staff/schemas").then((forms) => forms.ownerSetupSchema),
  });
  return (
    <section className="form-card" aria-labelledby="setup-heading">
      <Toasts toast={answer?.toast ?? null} />
      <h1 id="setup-heading">Set up the owner account</h1>
      {problem ? (
        <DeadLink problem={problem ?? ""} />
      ) : (
        <>
          <p className="form-intro">
            The owner runs the back office: products, orders, content and the staff's accounts. This link
            works once.
          </p>
          <Form method="post" className="stack-form" {...form.props}>
            <FormError id={form.errorId} errors={form.errors} />
            <Field label="Your name" field={fields.name} autoComplete="name" />
            <Field label="Email" field={fields.email} type="email" autoComplete="username" />
            <Field
              label="Password"
              field={fields.password}
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters, and not a common password."
            />
            <button type="submit" disabled={busy}>
              {busy ? "Creating…" : "Create the owner account"}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
