import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireCustomer } from "~/auth.server";
import { Field, FormError } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { EditIcon } from "~/components/icons";
import { Toasts } from "~/components/layout/Toasts";
import { config } from "~/config.server";
import { getDb } from "~/db/db.server";
import { accountProblems } from "~/features/accounts";
import { profileSchema, updateProfile } from "~/features/accounts/index.server";
import { replyInvalid, replyWithError } from "~/form-reply.server";
import { describeError } from "~/lib/errors.server";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { failureMessages, successMessages } from "~/lib/messages";
import { shop } from "~/lib/shop";
import { sendMail } from "~/mail.server";
import { tooManyAttempts } from "~/rate-limit.server";
import { readForm } from "~/read-form.server";
import { toasts } from "~/toast.server";

export const meta: MetaFunction = () => [{ title: `My Profile | ${shop.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const { firstname, lastname, email, mobile } = customer;
  return json({
    profile: { firstname, lastname, email, mobile },
    constraint: getZodConstraint(profileSchema),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const submission = parseWithZod(await readForm(request, profileSchema), { schema: profileSchema });
  // The current password never travels back to the page.
  const hideFields = ["currentPassword"];
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  try {
    const updated = await updateProfile(await getDb(), customer.id, submission.value, {
      request,
      baseUrl: config().publicUrl,
      // The notice to the old address goes out after the answer, as the reset mail does.
      send: async (mail) => {
        sendMail(mail).catch((error: unknown) =>
          console.error(
            `Could not send the notice of a changed email or mobile number: ${describeError(error)}`,
          ),
        );
      },
    });
    if (!updated.ok) {
      switch (updated.problem) {
        case "emailTaken":
          return replyWithError(submission, accountProblems.emailUsedElsewhere, {
            status: 409,
            field: "email",
            hideFields,
          });
        case "passwordRequired":
          return replyWithError(submission, accountProblems.currentPasswordRequired, {
            status: 400,
            field: "currentPassword",
            hideFields,
          });
        case "wrongPassword":
          return replyWithError(submission, accountProblems.currentPasswordWrong, {
            status: 401,
            field: "currentPassword",
            hideFields,
          });
        case "tooManyAttempts":
          return replyWithError(submission, tooManyAttempts(updated), {
            status: 429,
            field: "currentPassword",
            hideFields,
          });
      }
    }
  } catch (error) {
    console.error(`Could not update a profile: ${describeError(error)}`);
    // The toast is the rules' short message; the form says what did not happen.
    return replyWithError(submission, accountProblems.profileNotSaved, {
      status: 503,
      hideFields,
      toast: failureMessages.somethingWentWrong,
    });
  }
  return toasts().redirectWithSuccess("/my-profile", successMessages.profileUpdated, { status: 303 });
}

export default function MyProfile() {
  const { profile, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  // Read-only until the edit icon is used; a rejected save stays in edit mode with what was typed.
  const editing = searchParams.get("edit") === "1" || actionData !== undefined;
  const [form, fields] = useCheckedForm(
    `profile-form-${editing ? "edit" : "view"}`,
    actionData?.result,
    ["firstname", "lastname", "email", "mobile", "currentPassword"],
    {
      constraint,
      defaultValue: profile,
      loadSchema: () => import("~/features/accounts/schemas").then((forms) => forms.profileSchema),
    },
  );
  const busy = useIsPending({ state: "submitting" });

  return (
    <div className="container form-page">
      <Toasts toast={actionData?.toast ?? null} />
      <section className="form-card" aria-labelledby="profile-heading">
        <div className="profile-head">
          <h1 id="profile-heading">Update Profile</h1>
          {editing ? null : (
            <Link to="?edit=1" className="icon-button" aria-label="Edit profile" title="Edit profile">
              <EditIcon />
            </Link>
          )}
        </div>
        <Form
          method="post"
          action="/my-profile"
          className="stack-form"
          {...form.props}
          aria-labelledby="profile-heading"
        >
          <FormError id={form.errorId} errors={form.errors} />
          <Field label="First Name" field={fields.firstname} autoComplete="given-name" readOnly={!editing} />
          <Field label="Last Name" field={fields.lastname} autoComplete="family-name" readOnly={!editing} />
          <Field label="Email" field={fields.email} type="email" autoComplete="email" readOnly={!editing} />
          <Field
            label="Mobile Number"
            field={fields.mobile}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            readOnly={!editing}
          />
          {editing ? (
            <Field
              key={actionData?.toast?.id ?? "current-password"}
              label="Current Password"
              field={fields.currentPassword}
              type="password"
              autoComplete="current-password"
              hint="Needed only to change your email or mobile number."
            />
          ) : null}
          {editing ? (
            <div className="form-actions">
              <button type="submit" disabled={busy}>
                {busy ? "Saving…" : "Save"}
              </button>
              <Link to="/my-profile">Cancel</Link>
            </div>
          ) : null}
        </Form>
      </section>
    </div>
  );
}
