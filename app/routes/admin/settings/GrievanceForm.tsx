import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/forms/FieldError";
import { useServerForm } from "~/components/forms/use-server-form";
import { TextField } from "./TextField";

type Grievance = { grievanceName: string; grievanceEmail: string };

/** Whom customers write to about their personal data (owners): the privacy policy names them. */
export function GrievanceForm({
  grievance,
  lastResult,
}: {
  grievance: Grievance;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useServerForm("grievance-form", lastResult, [
    "grievanceName",
    "grievanceEmail",
  ] as const);
  return (
    <section id="grievance" aria-labelledby="grievance-heading">
      <Form
        method="post"
        {...form.props}
        className="stack-form admin-form"
        aria-labelledby="grievance-heading"
      >
        <h2 id="grievance-heading">Personal data</h2>
        <p className="admin-intro">
          The grievance contact the privacy policy names: whom customers write to about their personal data,
          as India's Digital Personal Data Protection Act asks.
        </p>
        <FormError id={form.errorId} errors={form.errors} />
        <TextField label="Grievance contact" field={fields.grievanceName} value={grievance.grievanceName} />
        <TextField
          label="Grievance e-mail"
          field={fields.grievanceEmail}
          value={grievance.grievanceEmail}
          hint="Shown on the privacy policy page as the address to write to."
        />
        <div className="form-actions">
          <button type="submit" name="intent" value="grievance">
            Save grievance contact
          </button>
        </div>
      </Form>
    </section>
  );
}
