import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { DeadLink } from "~/components/admin/DeadLink";
import { Field, FormError } from "~/components/forms/Field";
import type { CheckedField, useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts, type ToastView } from "~/components/layout/Toasts";

/**
 * The page behind a set-up or invitation link (password-link.server.ts answers it): why the link no longer
 * works, or the form that ends in a new password. `children` are the fields asked before the password.
 */
export function PasswordLinkPage({
  name,
  heading,
  problem,
  toast,
  intro,
  form,
  password,
  submit,
  children,
}: {
  /** The page's name in its heading's id: `${name}-heading`. */
  name: string;
  heading: string;
  problem: string | null;
  toast: ToastView | null;
  intro: ReactNode;
  form: ReturnType<typeof useCheckedForm>[0];
  password: CheckedField;
  /** The submit button's text, and its text while the form is sent. */
  submit: { idle: string; busy: string };
  children?: ReactNode;
}) {
  const busy = useIsPending({ state: "submitting" });
  return (
    <section className="form-card" aria-labelledby={`${name}-heading`}>
      <Toasts toast={toast} />
      <h1 id={`${name}-heading`}>{heading}</h1>
      {problem !== null ? (
        <DeadLink problem={problem} />
      ) : (
        <>
          <p className="form-intro">{intro}</p>
          <Form method="post" className="stack-form" {...form.props}>
            <FormError id={form.errorId} errors={form.errors} />
            {children}
            <Field
              label="Password"
              field={password}
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters, and not a common password."
            />
            <button type="submit" disabled={busy}>
              {busy ? submit.busy : submit.idle}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
