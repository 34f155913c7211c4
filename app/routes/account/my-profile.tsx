import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Field, FormError } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { EditIcon } from "~/components/icons";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { accountProblems, personalDataMessages } from "~/features/accounts";
import {
  deleteAccountSchema,
  endSession,
  eraseAccount,
  myProfileFormsSchema,
  profileSchema,
  type SignedInCustomer,
  updateProfile,
} from "~/features/accounts/index.server";
import { requireCustomer } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { describeError } from "~/lib/errors.server";
import { replyBusy, replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { sendAfterAnswer } from "~/lib/mail.server";
import { failureMessages, successMessages } from "~/lib/messages";
import { tooManyAttempts } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/read-form.server";
import { shop } from "~/lib/shop";
import { toasts } from "~/lib/toast.server";
import { ServiceBusyError } from "~/lib/work-gate.server";

export const meta: MetaFunction = () => [{ title: `My Profile | ${shop.name}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await requireCustomer(request);
  const { firstname, lastname, email, mobile } = customer;
  return json({
    profile: { firstname, lastname, email, mobile },
    constraint: getZodConstraint(profileSchema),
    deleteConstraint: getZodConstraint(deleteAccountSchema),
  });
}

/** The profile form, or the deletion form (told apart by the deletion button's intent). */
export async function action({ request }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const formData = await readForm(request, myProfileFormsSchema);
  if (formData.get("intent") === "delete-account") return deleteAccount(request, customer, formData);
  const submission = parseWithZod(formData, { schema: profileSchema });
  // The current password never travels back to the page.
  const hideFields = ["currentPassword"];
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  try {
    const updated = await updateProfile(await getDb(), customer.id, submission.value, {
      request,
      baseUrl: config().publicUrl,
      // The notice to the old address goes out after the answer, as the reset mail does.
      send: sendAfterAnswer("the notice of a changed email or mobile number"),
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

/**
 * Deletes the account, confirmed with the current password: the customer is signed out and sent home with a
 * toast. A wrong password, too many of them, or an order still open is said on the form, and nothing changes.
 */
async function deleteAccount(request: Request, customer: SignedInCustomer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  // The password never travels back to the page.
  const hideFields = ["currentPassword"];
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  const db = await getDb();
  let erased: Awaited<ReturnType<typeof eraseAccount>>;
  try {
    erased = await eraseAccount(db, customer.id, submission.value.currentPassword, {
      // The confirmation goes out after the answer, as the profile's notices do.
      send: sendAfterAnswer("the confirmation of a deleted account"),
    });
  } catch (error) {
    if (error instanceof ServiceBusyError) return replyBusy(submission, error, hideFields);
    console.error(`Could not delete an account: ${describeError(error)}`);
    return replyWithError(submission, personalDataMessages.notDeleted, {
      status: 503,
      hideFields,
      toast: failureMessages.somethingWentWrong,
    });
  }
  if (!erased.ok) {
    switch (erased.problem) {
      case "wrongPassword":
        return replyWithError(submission, accountProblems.currentPasswordWrong, {
          status: 401,
          field: "currentPassword",
          hideFields,
        });
      case "tooManyAttempts":
        return replyWithError(submission, tooManyAttempts(erased), {
          status: 429,
          field: "currentPassword",
          hideFields,
        });
      case "stillOpen":
        return replyWithError(submission, personalDataMessages.stillOpen(erased.open), {
          status: 409,
          hideFields,
        });
      case "alreadyErased":
        // Erased meanwhile (another tab): this device is signed out like the rest.
        break;
    }
  }
  return toasts().redirectWithSuccess("/", personalDataMessages.deleted, {
    status: 303,
    headers: { "Set-Cookie": await endSession(db, request) },
  });
}

export default function MyProfile() {
  const { profile, constraint, deleteConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const deletion = actionData?.result.initialValue?.intent === "delete-account";
  const profileAnswer = deletion ? undefined : actionData;
  // Read-only until the edit icon is used; a rejected save stays in edit mode with what was typed.
  const editing = searchParams.get("edit") === "1" || profileAnswer !== undefined;
  const [form, fields] = useCheckedForm(
    `profile-form-${editing ? "edit" : "view"}`,
    profileAnswer?.result,
    ["firstname", "lastname", "email", "mobile", "currentPassword"],
    {
      constraint,
      defaultValue: profile,
      loadSchema: () => import("~/features/accounts/schemas").then((forms) => forms.profileSchema),
    },
  );
  const [deleteForm, deleteFields] = useCheckedForm(
    "delete-account-form",
    deletion ? actionData?.result : undefined,
    ["currentPassword"],
    {
      constraint: deleteConstraint,
      loadSchema: () => import("~/features/accounts/schemas").then((forms) => forms.deleteAccountSchema),
    },
  );
  const busy = useIsPending({ state: "submitting" });
  const deleting = useIsPending({ intent: "delete-account", state: "submitting" });

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
              key={profileAnswer?.toast?.id ?? "current-password"}
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

      <section className="form-card" aria-labelledby="my-data-heading">
        <h2 id="my-data-heading">{personalDataMessages.downloadHeading}</h2>
        <p>{personalDataMessages.downloadIntro}</p>
        {/* A plain link: the file is a document of its own, with JavaScript on or off. */}
        <p>
          <a href="/my-profile/my-data.json" download className="button button-secondary">
            {personalDataMessages.downloadLink}
          </a>
        </p>
      </section>

      <section className="form-card" aria-labelledby="delete-account-heading">
        <h2 id="delete-account-heading">{personalDataMessages.deleteHeading}</h2>
        <p>{personalDataMessages.deleteIntro}</p>
        <p>{personalDataMessages.deleteKept}</p>
        <Form
          method="post"
          action="/my-profile"
          className="stack-form"
          {...deleteForm.props}
          aria-labelledby="delete-account-heading"
        >
          <FormError id={deleteForm.errorId} errors={deleteForm.errors} />
          <Field
            key={deletion ? (actionData?.toast?.id ?? "delete-password") : "delete-password"}
            label="Current Password"
            field={deleteFields.currentPassword}
            type="password"
            autoComplete="current-password"
            hint={personalDataMessages.passwordHint}
          />
          <div className="form-actions">
            <button
              type="submit"
              name="intent"
              value="delete-account"
              className="danger-button"
              disabled={deleting}
            >
              {deleting ? personalDataMessages.deleting : personalDataMessages.deleteButton}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
