import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { getDb } from "~/db/db.server";
import { acceptInviteServerSchema } from "~/features/accounts/index.server";
import { PasswordLinkPage, staffMessages } from "~/features/staff";
import {
  acceptInvitation,
  acceptInviteSchema,
  invitation,
  linkProblems,
  passwordLinkPage,
  setPasswordFromLink,
} from "~/features/staff/index.server";
import { clientAddress } from "~/lib/auth.server";

export const meta: MetaFunction = () => adminMeta("Choose your password");

export async function loader({ params }: LoaderFunctionArgs) {
  const invite = await invitation(await getDb(), params.token ?? "");
  if (invite.state !== "valid" || !invite.member) {
    const problem = linkProblems.invite[invite.state === "valid" ? "unknown" : invite.state];
    return passwordLinkPage(problem, acceptInviteSchema, { member: null });
  }
  const member = { name: invite.member.name, email: invite.member.email };
  return passwordLinkPage(null, acceptInviteSchema, { member });
}

/** An invited member sets a password, once, and is signed in. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return setPasswordFromLink(
    { request, token: params.token ?? "", client: clientAddress(context) },
    {
      schema: acceptInviteSchema,
      serverSchema: acceptInviteServerSchema,
      use: (db, token, value) => acceptInvitation(db, token, value.password),
      problems: linkProblems.invite,
      done: staffMessages.passwordSet,
    },
  );
}

export default function AcceptInvitation() {
  const { problem, member, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useCheckedForm("accept-invite", answer?.result, ["password"], {
    constraint,
    loadSchema: () => import("~/features/staff/schemas").then((forms) => forms.acceptInviteSchema),
  });
  return (
    <PasswordLinkPage
      name="invite"
      heading="Choose your password"
      problem={member ? problem : (problem ?? "")}
      toast={answer?.toast ?? null}
      intro={
        member ? (
          <>
            Welcome, {member.name}. Choose the password for {member.email}; you will log in with it at /admin.
          </>
        ) : null
      }
      form={form}
      password={fields.password}
      submit={{ idle: "Set my password", busy: "Saving…" }}
    />
  );
}
