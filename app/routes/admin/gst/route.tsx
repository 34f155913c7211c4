import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import type { loader } from "./loader.server";

export const meta: MetaFunction = () => adminMeta("GST register");

/** The page's data comes from loader.server.ts, so its JavaScript leaves out the register's code. */
export { loader } from "./loader.server";

/**
 * The accountant's month: the month's invoices and credit notes in the tables of GSTR-1, each table's totals
 * (the same sums its CSV file adds up to) and the documents themselves.
 */
export default function AdminGstRegister() {
  const { asked, problem, register } = useLoaderData<typeof loader>();
  return (
    <div className="admin-page admin-gst">
      <h1>GST register</h1>
      <p className="admin-intro">
        The month's tax invoices and credit notes as the monthly return (GSTR-1) asks for them, by the day
        each was issued in India. Each table downloads as a CSV file in the columns of the GST offline tool's
        template, with each row's IGST, CGST and SGST after them.
      </p>
      <Form method="get" className="admin-filters" aria-label="Choose the month">
        <label>
          Month
          <input
            type="month"
            name="month"
            defaultValue={asked}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "month-problem" : undefined}
          />
        </label>
        <button type="submit" className="button-small">
          Show
        </button>
      </Form>
      {problem ? (
        <p className="form-error" id="month-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {register ? (
        <>
          <h2>{register.label}</h2>
          {register.empty ? <p role="status">{register.emptyText}</p> : null}
          <p className="admin-hint">
            Amounts in rupees. B2CL: invoices to consumers in another state above Rs. {register.threshold} (a
            setting). Credit notes to consumers against other invoices are taken off B2CS, as the return asks.
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table admin-gst-totals">
              <caption>Totals of {register.label}</caption>
              <thead>
                <tr>
                  <th scope="col">Table</th>
                  <th scope="col">Documents</th>
                  <th scope="col">Rows</th>
                  <th scope="col">Taxable value</th>
                  <th scope="col">IGST</th>
                  <th scope="col">CGST</th>
                  <th scope="col">SGST</th>
                  <th scope="col">Total</th>
                  <th scope="col">CSV file</th>
                </tr>
              </thead>
              <tbody>
                {register.sections.map((row) => (
                  <tr key={row.section} data-section={row.section}>
                    <th scope="row">{row.label}</th>
                    <td>{row.documents}</td>
                    <td>{row.rows}</td>
                    <td>{row.taxable}</td>
                    <td>{row.igst}</td>
                    <td>{row.cgst}</td>
                    <td>{row.sgst}</td>
                    <td>{row.amount}</td>
                    <td>
                      {/* A file download: a plain link, not a client-side navigation. */}
                      <a href={row.csv} download>
                        {row.section.toUpperCase()} CSV
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-section="net">
                  <th scope="row">Net: invoices less credit notes</th>
                  <td />
                  <td />
                  <td>{register.net.taxable}</td>
                  <td>{register.net.igst}</td>
                  <td>{register.net.cgst}</td>
                  <td>{register.net.sgst}</td>
                  <td>{register.net.amount}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
          {register.documents.length > 0 ? (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption>Invoices and credit notes of {register.label}</caption>
                <thead>
                  <tr>
                    <th scope="col">Number</th>
                    <th scope="col">Date</th>
                    <th scope="col">Document</th>
                    <th scope="col">Buyer</th>
                    <th scope="col">GSTIN</th>
                    <th scope="col">Table</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {register.documents.map((document) => (
                    <tr key={document.number}>
                      <th scope="row">
                        <Link to={document.href}>{document.number}</Link>
                      </th>
                      <td>{document.date}</td>
                      <td>
                        {document.kind}
                        {document.refersTo ? (
                          <span className="admin-subtext">against {document.refersTo}</span>
                        ) : null}
                      </td>
                      <td>{document.buyer}</td>
                      <td className="admin-code">{document.gstin ?? ""}</td>
                      <td>{document.section}</td>
                      <td>{document.amount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
