import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Pager } from "~/components/admin/Pager";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { inputProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { requestLimits } from "~/lib/request-limits.mjs";
import { CLEAR_MARKER, LIST_SEPARATOR, MAX_IMPORT_ROWS } from "./catalogue-csv";
import { catalogueImportMessages } from "./import-messages";

const { nothingToDo } = catalogueImportMessages;

const UPLOAD_ACTION = "/admin/products/import";

/** What the preview page shows (bulk.server.ts's PreviewPage, as the page's data carries it). */
export type PreviewView = {
  id: number;
  fileName: string;
  fileHash: string;
  counts: { create: number; update: number; unchanged: number; errors: number };
  items: {
    row: number;
    sku: string;
    title: string;
    kind: "create" | "update";
    changes: { field: string; before: string; after: string }[];
  }[];
  errors: { row: number; column: string; value: string; message: string }[];
  page: number;
  pages: number;
};

/** How a file is written: the page's help, so the rules are where the file is chosen. */
function ImportHelp() {
  return (
    <details className="admin-help">
      <summary>How the file is read</summary>
      <ul>
        <li>
          Start from <a href="/admin/products.csv">the exported catalogue</a>. Each row is one product, found
          by its <code>sku</code>. A SKU the catalogue does not have adds a new product, which needs every
          field the new-product form asks for.
        </li>
        <li>
          Only the columns in the file change. Leave out a column, or leave a cell empty, and that field stays
          as it is. To empty a field, write <code>{CLEAR_MARKER}</code> in its cell.
        </li>
        <li>
          A file of just <code>sku,stock</code> or <code>sku,offer_price</code> changes only stock or prices.
        </li>
        <li>
          Several values in one cell (tags, colours, a reader's methods) are separated by{" "}
          <code>{LIST_SEPARATOR}</code>. Colours are named as in the product form. Specifications take the
          option's code or its name, and numbers in the unit of the column's attribute (GB, inch, MP).
        </li>
        <li>
          <code>hidden</code> is yes or no. Products missing from the file are never deleted or hidden. The{" "}
          <code>pictures</code> column is not read: add pictures on the product's page.
        </li>
        <li>
          A cell starting with = + - or @ is refused: a spreadsheet would run it as a formula. Start it with
          an apostrophe to keep it as text.
        </li>
        <li>
          At most {MAX_IMPORT_ROWS.toLocaleString("en-IN")} products and{" "}
          {requestLimits.catalogueCsvBytes / (1024 * 1024)} MB in one file. Save the sheet as “CSV UTF-8
          (comma delimited)”.
        </li>
      </ul>
    </details>
  );
}

/** The upload form: a plain multipart post; what it finds is shown by the preview, nothing changes before. */
export function CatalogueUploadForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | undefined }) {
  const uploading = useIsPending({ formAction: UPLOAD_ACTION });
  const [form, fields] = useCheckedForm("catalogue-import", lastResult, ["file"], {
    loadSchema: () => import("./import-schemas").then((forms) => forms.catalogueImportSchema),
  });
  const { key, ...fileProps } = inputProps(fields.file, { type: "file" });
  return (
    <Form
      method="post"
      action={UPLOAD_ACTION}
      encType="multipart/form-data"
      className="stack-form"
      {...form.props}
      aria-labelledby="catalogue-import-heading"
    >
      <h2 id="catalogue-import-heading">Upload a CSV file</h2>
      {form.errors?.[0] ? (
        <p className="form-error" role="alert">
          {form.errors[0]}
        </p>
      ) : null}
      <FieldFrame
        id={fields.file.id}
        label="CSV file"
        field={fields.file}
        hint="Nothing changes yet: the next page shows what the file would do."
      >
        <input key={key} {...fileProps} accept=".csv,text/csv" />
      </FieldFrame>
      <ImportHelp />
      <button type="submit" disabled={uploading}>
        {uploading ? "Reading the file…" : "Preview the import"}
      </button>
    </Form>
  );
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-IN")} ${n === 1 ? one : many}`;

/** What a file would do: the counts, its errors (Import is offered only with none), each product's changes. */
export function ImportPreview({ preview, message }: { preview: PreviewView; message?: string | undefined }) {
  const here = `/admin/products/import/${preview.id}`;
  const committing = useIsPending({ formAction: here });
  const { counts } = preview;
  const refused = counts.errors > 0;
  return (
    <section aria-labelledby="import-preview-heading" className="import-preview">
      <h2 id="import-preview-heading">Preview of {preview.fileName}</h2>
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
      <ul className="import-counts">
        <li>{plural(counts.create, "product to create", "products to create")}</li>
        <li>{plural(counts.update, "product to update", "products to update")}</li>
        <li>{plural(counts.unchanged, "product unchanged", "products unchanged")}</li>
        <li>{plural(counts.errors, "error", "errors")}</li>
      </ul>

      {!refused && counts.create + counts.update === 0 ? <p role="status">{nothingToDo}</p> : null}
      {refused ? (
        <>
          <h3 id="import-errors-heading">Errors</h3>
          <p>
            The file cannot be imported until every error is mended: nothing has changed.{" "}
            <a href={`${here}/errors.csv`} download>
              Download the errors as CSV
            </a>
          </p>
          <table className="admin-table" aria-labelledby="import-errors-heading">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Column</th>
                <th scope="col">Value</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {preview.errors.map((error) => (
                <tr key={`${error.row} ${error.column} ${error.message}`}>
                  <td>{error.row}</td>
                  <td>{error.column}</td>
                  <td className="import-value">{error.value}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {counts.errors > preview.errors.length ? (
            <p>
              The first {preview.errors.length} of {counts.errors.toLocaleString("en-IN")} errors; the
              download lists {counts.errors > 5000 ? "the first 5,000" : "them all"}.
            </p>
          ) : null}
        </>
      ) : null}

      {preview.items.length > 0 ? (
        <>
          <h3 id="import-changes-heading">Changes</h3>
          <table className="admin-table" aria-labelledby="import-changes-heading">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">SKU</th>
                <th scope="col">Product</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {preview.items.map((item) => (
                <tr key={item.sku}>
                  <td>{item.row}</td>
                  <td>{item.sku}</td>
                  <td>
                    {item.title}
                    {item.kind === "create" ? <strong className="import-new"> (new)</strong> : null}
                  </td>
                  <td>
                    <ul className="import-changes">
                      {item.changes.map((change) => (
                        <li key={change.field}>
                          {change.field}: {item.kind === "update" ? `${change.before || "—"} → ` : ""}
                          {change.after || "—"}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={preview.page} pages={preview.pages} label="Pages of the preview" path={here} />
        </>
      ) : null}

      <div className="admin-actions">
        {counts.create + counts.update > 0 || refused ? (
          <Form method="post" action={here}>
            <input type="hidden" name="fileHash" value={preview.fileHash} />
            <button type="submit" name="intent" value="commit" disabled={refused || committing}>
              {committing
                ? "Importing…"
                : `Import: create ${counts.create.toLocaleString("en-IN")}, update ${counts.update.toLocaleString("en-IN")}`}
            </button>
          </Form>
        ) : null}
        <Form method="post" action={here}>
          <button type="submit" name="intent" value="discard" className="button-secondary">
            Discard
          </button>
        </Form>
        <Link to="/admin/products/import">Upload another file</Link>
      </div>
    </section>
  );
}
