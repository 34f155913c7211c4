import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { inputProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { requestLimits } from "~/lib/request-limits.mjs";

const IMPORT_ACTION = "/admin/zones/import";

/**
 * Uploads a CSV file of zones to /admin/zones/import (a multipart post with a limit of its own). A refused
 * file comes back with what is wrong, row by row (`problems`); nothing has changed then.
 */
export function ZoneImportForm({
  lastResult,
  problems,
}: {
  lastResult?: SubmissionResult<string[]> | undefined;
  problems?: readonly string[] | undefined;
}) {
  const importing = useIsPending({ formAction: IMPORT_ACTION });
  const [form, fields] = useCheckedForm("zone-import", lastResult, ["file"], {
    loadSchema: () => import("./schemas").then((forms) => forms.zoneImportSchema),
  });
  const { key, ...fileProps } = inputProps(fields.file, { type: "file" });
  const refused = problems && problems.length > 0;
  return (
    <Form
      method="post"
      action={IMPORT_ACTION}
      encType="multipart/form-data"
      className="stack-form zone-import"
      {...form.props}
      aria-describedby={refused ? "zone-import-problems" : form.props["aria-describedby"]}
      aria-labelledby="zone-import-heading"
    >
      <h3 id="zone-import-heading">Import zones from a CSV file</h3>
      {refused ? (
        <div id="zone-import-problems" className="form-error" role="alert">
          <p>{form.errors?.[0] ?? "Nothing was imported."}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <FieldFrame
        id={fields.file.id}
        label="CSV file"
        field={fields.file}
        hint={
          <>
            The file replaces every zone, all at once: if any row is wrong, nothing changes. Start from the
            downloaded file. At most {requestLimits.csvBytes / 1024} KB.
          </>
        }
      >
        <input key={key} {...fileProps} accept=".csv,text/csv" />
      </FieldFrame>
      <button type="submit" disabled={importing}>
        {importing ? "Importing…" : "Import and replace all zones"}
      </button>
    </Form>
  );
}
