import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { Field, FormError } from "~/components/forms/Field";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { getSessionStaff, staffLoginSchema } from "~/features/staff/index.server";
import { getZodConstraint } from "~/lib/forms/zod-forms.server";
import type { action } from "./action.server";

export const meta: MetaFunction = () => adminMeta("Log in");

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionStaff(await getDb(), request)) throw redirect("/admin", { status: 303 });
  return json({ constraint: getZodConstraint(staffLoginSchema) });
}

/** The log-in is checked in action.server.ts, so the page's JavaScript leaves out what it needs. */
export { action } from "./action.server";

export default function AdminLogin() {
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const busy = useIsPending({ state: "submitting" });
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useCheckedForm("admin-login", answer?.result, ["email", "password"], {
    constraint,
    loadSchema: () => import("~/features/staff/schemas").then((forms) => forms.staffLoginSchema),
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
