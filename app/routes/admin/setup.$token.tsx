import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { Field } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { getDb } from "~/db/db.server";
import { ownerSetupServerSchema } from "~/features/accounts/index.server";
import { PasswordLinkPage, staffMessages } from "~/features/staff";
import {
  createOwnerFromSetup,
  linkProblems,
  ownerSetupSchema,
  passwordLinkPage,
  setPasswordFromLink,
  setupLinkState,
} from "~/features/staff/index.server";
import { clientAddress } from "~/lib/auth.server";

export const meta: MetaFunction = () => adminMeta("Set up the owner account");

export async function loader({ params }: LoaderFunctionArgs) {
  const state = await setupLinkState(await getDb(), params.token ?? "");
  return passwordLinkPage(state === "valid" ? null : linkProblems.setup[state], ownerSetupSchema, {});
}

/** The first run's owner account, from the link the server printed. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return setPasswordFromLink(
    { request, token: params.token ?? "", client: clientAddress(context) },
    {
      schema: ownerSetupSchema,
      serverSchema: ownerSetupServerSchema,
      use: createOwnerFromSetup,
      problems: linkProblems.setup,
      emailTaken: staffMessages.emailTaken,
      done: staffMessages.ownerCreated,
    },
  );
}

export default function OwnerSetup() {
  const { problem, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useCheckedForm("owner-setup", answer?.result, ["name", "email", "password"], {
    constraint,
    loadSchema: () => import("~/features/staff/schemas").then((forms) => forms.ownerSetupSchema),
  });
  return (
    <PasswordLinkPage
      name="setup"
      heading="Set up the owner account"
      problem={problem}
      toast={answer?.toast ?? null}
      intro="The owner runs the back office: products, orders, content and the staff's accounts. This link works once."
      form={form}
      password={fields.password}
      submit={{ idle: "Create the owner account", busy: "Creating…" }}
    >
      <Field label="Your name" field={fields.name} autoComplete="name" />
      <Field label="Email" field={fields.email} type="email" autoComplete="username" />
    </PasswordLinkPage>
  );
}
