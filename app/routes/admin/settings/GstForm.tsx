import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/forms/FieldError";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { serverFieldProps, useServerForm } from "~/components/forms/use-server-form";
import { INDIAN_STATES } from "~/lib/indian-states";
import { TextField } from "./TextField";

type Gst = {
  legalName: string;
  tradeName: string;
  gstin: string;
  gstinIsSample: boolean;
  gstState: string;
  invoicePrefix: string;
  creditNotePrefix: string;
  b2clThreshold: string;
};

/** The dealer's GST registration (owners): printed on every tax invoice and credit note from the next one on. */
export function GstForm({
  gst,
  lastResult,
}: {
  gst: Gst;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useServerForm("gst-form", lastResult, [
    "legalName",
    "tradeName",
    "gstin",
    "gstState",
    "invoicePrefix",
    "creditNotePrefix",
    "b2clThreshold",
  ] as const);
  return (
    <Form
      method="post"
      {...form.props}
      className="stack-form admin-form"
      aria-labelledby="gst-heading"
      id="gst"
    >
      <h2 id="gst-heading">GST registration</h2>
      <p className="admin-intro">
        Printed on every tax invoice and credit note from the next one on; those already issued keep what they
        printed.
      </p>
      {gst.gstinIsSample ? (
        <p className="admin-flag" role="note">
          The GSTIN below is a sample the shop came with: enter the dealer's own before selling for real.
        </p>
      ) : null}
      <FormError id={form.errorId} errors={form.errors} />
      <TextField label="Legal name" field={fields.legalName} value={gst.legalName} />
      <TextField label="Trade name" field={fields.tradeName} value={gst.tradeName} />
      <TextField
        label={gst.gstinIsSample ? "GSTIN (sample)" : "GSTIN"}
        field={fields.gstin}
        value={gst.gstin}
        hint="15 characters; it starts with the state's code, 29 for Karnataka."
      />
      <FieldFrame id={fields.gstState.id} label="State of registration" field={fields.gstState}>
        <select
          {...serverFieldProps(fields.gstState)}
          defaultValue={fields.gstState.initialValue ?? gst.gstState}
        >
          {INDIAN_STATES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </select>
      </FieldFrame>
      <TextField
        label="Invoice number prefix"
        field={fields.invoicePrefix}
        value={gst.invoicePrefix}
        hint="1 to 3 capital letters or digits: invoices are numbered KC/26-27/000123, from 1 every April."
      />
      <TextField
        label="Credit note number prefix"
        field={fields.creditNotePrefix}
        value={gst.creditNotePrefix}
      />
      <TextField
        label="B2CL threshold (Rs.)"
        field={fields.b2clThreshold}
        value={gst.b2clThreshold}
        inputMode="decimal"
        hint="Inter-state sales to consumers above this are listed one by one in the monthly return."
      />
      <div className="form-actions">
        <button type="submit" name="intent" value="gst">
          Save GST registration
        </button>
      </div>
    </Form>
  );
}
