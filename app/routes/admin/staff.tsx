import type { SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { Field, FormError } from "~/components/forms/Field";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { selectProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { readShopContact } from "~/features/settings/index.server";
import { INVITE_LINK_DAYS, STAFF_ROLES, staffMessages, staffRoleLabels } from "~/features/staff";
import {
  changeRole,
  inviteStaff,
  inviteStaffSchema,
  listStaff,
  newPasswordLink,
  type StaffChange,
  setDisabled,
  staffChangeSchema,
  staffInviteMail,
} from "~/features/staff/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { formatLongDate } from "~/lib/dates";
import { describeError } from "~/lib/errors.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { sendMail } from "~/lib/mail.server";
import { readForm } from "~/lib/read-form.server";
import { inlineToast, toasts } from "~/lib/toast.server";
import { absoluteUrl } from "~/lib/urls";

export const meta: MetaFunction = () => adminMeta("Staff");

export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireBackOffice(request);
  const members = await listStaff(await getDb());
  return json({
    you: owner.id,
    members: members.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    constraint: getZodConstraint(inviteStaffSchema),
  });
}

const changeProblem: Record<Exclude<StaffChange, { ok: true }>["problem"], string> = {
  "not-found": staffMessages.notFound,
  "last-owner": staffMessages.lastOwner,
  self: staffMessages.notYourself,
};

/** Owners only: invite a member, change a role, disable or enable an account. */
export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireBackOffice(request);
  const actor = { id: owner.id, name: owner.name };
  const formData = await readForm(request, staffChangeSchema);
  const submission = parseWithZod(formData, { schema: staffChangeSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw new Response("Unknown form", { status: 400 });
    return replyInvalid(submission, {}, { sentLink: null });
  }
  const db = await getDb();
  const change = submission.value;
  switch (change.intent) {
    case "invite": {
      const invited = await inviteStaff(db, actor, change);
      if (!invited.ok) {
        return replyWithError(
          submission,
          staffMessages.emailTaken,
          { status: 409, field: "email" },
          { sentLink: null },
        );
      }
      return linkSent(
        submission.reply({ resetForm: true }),
        owner.name,
        invited.member,
        invited.token,
        "invite",
      );
    }
    case "password-link": {
      const made = await newPasswordLink(db, actor, change.id);
      if (!made.ok)
        return replyWithError(submission, staffMessages.notFound, { status: 404 }, { sentLink: null });
      return linkSent(submission.reply(), owner.name, made.member, made.token, "new-password");
    }
    case "role":
    case "disable":
    case "enable": {
      const done =
        change.intent === "role"
          ? await changeRole(db, actor, change.id, change.role)
          : await setDisabled(db, actor, change.id, change.intent === "disable");
      if (!done.ok)
        return replyWithError(submission, changeProblem[done.problem], { status: 409 }, { sentLink: null });
      const message = {
        role: staffMessages.roleChanged,
        disable: staffMessages.disabled,
        enable: staffMessages.enabled,
      }[change.intent];
      return toasts().redirectWithSuccess("/admin/staff", message, { status: 303 });
    }
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

/**
 * A set-password link was made: it is e-mailed, and shown once to the owner for a shop that has no e-mail set
 * up yet.
 */
function linkSent(
  result: SubmissionResult<string[]>,
  ownerName: string,
  member: { email: string; name: string },
  token: string,
  reason: "invite" | "new-password",
) {
  const link = absoluteUrl(config().publicUrl, `/admin/invite/${token}`);
  getDb()
    .then(readShopContact)
    .then((contact) =>
      sendMail(
        staffInviteMail({
          to: member.email,
          name: member.name,
          invitedBy: ownerName,
          inviteUrl: link,
          validDays: INVITE_LINK_DAYS,
          reason,
          contact,
        }),
      ),
    )
    .catch((error: unknown) =>
      console.error(`Could not send a back office set-password link: ${describeError(error)}`),
    );
  const message =
    reason === "invite" ? staffMessages.invited(member.email) : staffMessages.passwordLinkSent(member.email);
  return json({
    sentLink: { email: member.email, link, message },
    result,
    toast: inlineToast("success", message),
  });
}

export default function StaffPage() {
  const { you, members, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const inviting = useIsPending({ intent: "invite" });
  const [form, fields] = useCheckedForm("invite-staff", answer?.result, ["name", "email", "role"], {
    constraint,
    loadSchema: () => import("~/features/staff/schemas").then((forms) => forms.inviteStaffSchema),
  });
  const { key: roleKey, ...roleProps } = selectProps(fields.role);
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <h1>Staff</h1>
      {answer?.sentLink ? (
        <p className="admin-note" role="status">
          {answer.sentLink.message}. If it does not arrive, give them this link (it works for{" "}
          {INVITE_LINK_DAYS} days, once): <a href={answer.sentLink.link}>{answer.sentLink.link}</a>
        </p>
      ) : null}
      <table className="admin-table">
        <caption className="visually-hidden">Staff accounts</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">State</th>
            <th scope="col">Since</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id}>
              <td>{member.name}</td>
              <td>{member.email}</td>
              <td>
                <Form method="post" className="inline-form">
                  <input type="hidden" name="id" value={member.id} />
                  <label>
                    <span className="visually-hidden">Role of {member.name}</span>
                    <select name="role" defaultValue={member.role}>
                      {STAFF_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {staffRoleLabels[role]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" name="intent" value="role" className="button-small">
                    Change role<span className="visually-hidden"> of {member.name}</span>
                  </button>
                </Form>
              </td>
              <td>{member.disabled ? "Disabled" : member.invited ? "Invited" : "Active"}</td>
              <td>{formatLongDate(member.createdAt)}</td>
              <td>
                {member.id !== you && !member.disabled && !member.invited ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={member.id} />
                    <button type="submit" name="intent" value="password-link" className="button-small">
                      New password link<span className="visually-hidden"> for {member.name}</span>
                    </button>
                  </Form>
                ) : null}
                {member.id === you ? (
                  "You"
                ) : (
                  <Form method="post">
                    <input type="hidden" name="id" value={member.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={member.disabled ? "enable" : "disable"}
                      className="button-small"
                    >
                      {member.disabled ? "Enable" : "Disable"}
                      <span className="visually-hidden"> {member.name}</span>
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <section className="form-card" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite a staff member</h2>
        <p className="form-intro">
          They get an e-mail with a link to choose their password. Staff can run the catalogue, orders and
          content; only owners manage staff and refunds.
        </p>
        <Form method="post" className="stack-form" {...form.props} aria-labelledby="invite-heading">
          <FormError id={form.errorId} errors={form.errors} />
          <Field label="Name" field={fields.name} autoComplete="off" />
          <Field label="Email" field={fields.email} type="email" autoComplete="off" />
          <FieldFrame id={fields.role.id} label="Role" field={fields.role}>
            <select key={roleKey} {...roleProps} defaultValue={fields.role.defaultValue ?? "staff"}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {staffRoleLabels[role]}
                </option>
              ))}
            </select>
          </FieldFrame>
          <button type="submit" name="intent" value="invite" disabled={inviting}>
            {inviting ? "Inviting…" : "Send invitation"}
          </button>
        </Form>
      </section>
    </>
  );
}
