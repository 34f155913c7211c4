/**
 * A tax invoice or credit note as a printable page: the same words and figures as its PDF (both come from
 * features/invoices/invoice-text.ts), in a semantic table. Styles: styles/invoice.css, which the route links; printed, the
 * shop's frame is left off and the sheet fills A4.
 */
import { Fragment, useId } from "react";
import { DOCUMENT_TITLES } from "./document-titles";
import type { TaxDocument } from "./invoice";
import {
  againstInvoiceText,
  documentFacts,
  stateWithCode,
  TAX_DOCUMENT_LABELS,
  type TaxColumn,
  taxSummary,
  taxTable,
} from "./invoice-text";

/** Consecutive columns under one heading (a tax's rate and amount), or a column alone. */
type ColumnRun = { group: TaxColumn["group"]; columns: TaxColumn[] };

function runsOf(columns: readonly TaxColumn[]): ColumnRun[] {
  const runs: ColumnRun[] = [];
  for (const column of columns) {
    const last = runs.at(-1);
    if (last && column.group && last.group === column.group) last.columns.push(column);
    else runs.push({ group: column.group, columns: [column] });
  }
  return runs;
}

function Lines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    // The lines of an address never move, so their places are their keys.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="tax-document-fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** One line's cells (or the totals'): the wide description column heads its row, figures align right. */
function RowCells({ cells, columns }: { cells: readonly string[]; columns: readonly TaxColumn[] }) {
  return cells.map((text, index) =>
    columns[index]?.wide ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: cells are fixed columns
      <th key={index} scope="row">
        {text}
      </th>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: cells are fixed columns
      <td key={index} className={columns[index]?.numeric ? "tax-document-figure" : undefined}>
        {text}
      </td>
    ),
  );
}

export function TaxDocumentView({ document }: { document: TaxDocument }) {
  const id = useId();
  const titleId = `${id}-title`;
  const captionId = `${id}-caption`;
  const { supplier, buyer } = document;
  const against = againstInvoiceText(document);
  const table = taxTable(document);
  const runs = runsOf(table.columns);
  const grouped = runs.some((run) => run.group);
  const buyerState = stateWithCode(buyer.state, buyer.stateCode);

  return (
    <article className="tax-document" aria-labelledby={titleId}>
      <header className="tax-document-title">
        <h1 id={titleId}>{DOCUMENT_TITLES[document.kind]}</h1>
        {against ? <p>{against}</p> : null}
      </header>

      <div className="tax-document-pair">
        <section className="tax-document-box" aria-label="Supplier">
          <h2 className="tax-document-supplier">{supplier.legalName}</h2>
          {supplier.tradeName && supplier.tradeName !== supplier.legalName ? (
            <p className="tax-document-trade-name">{supplier.tradeName}</p>
          ) : null}
          <address>
            <Lines lines={supplier.address} />
          </address>
          <dl className="tax-document-facts">
            <Fact label={TAX_DOCUMENT_LABELS.gstin} value={supplier.gstin} />
            <Fact
              label={TAX_DOCUMENT_LABELS.state}
              value={stateWithCode(supplier.state, supplier.stateCode)}
            />
          </dl>
        </section>
        <section className="tax-document-box" aria-label={`${DOCUMENT_TITLES[document.kind]} details`}>
          <dl className="tax-document-facts">
            {documentFacts(document).map((fact) => (
              <Fact key={fact.label} label={fact.label} value={fact.value} />
            ))}
          </dl>
        </section>
      </div>

      <div className="tax-document-pair">
        <section className="tax-document-box" aria-labelledby={`${id}-billing`}>
          <h2 id={`${id}-billing`} className="tax-document-box-heading">
            {TAX_DOCUMENT_LABELS.billedTo}
          </h2>
          <p className="tax-document-name">{buyer.name}</p>
          {buyer.businessName || buyer.gstin ? (
            <dl className="tax-document-facts">
              {buyer.businessName ? (
                <Fact label={TAX_DOCUMENT_LABELS.businessName} value={buyer.businessName} />
              ) : null}
              {buyer.gstin ? <Fact label={TAX_DOCUMENT_LABELS.gstin} value={buyer.gstin} /> : null}
            </dl>
          ) : null}
          <address>
            <Lines lines={buyer.address} />
          </address>
          <dl className="tax-document-facts">
            <Fact label={TAX_DOCUMENT_LABELS.state} value={buyerState} />
          </dl>
        </section>
        <section className="tax-document-box" aria-labelledby={`${id}-delivery`}>
          <h2 id={`${id}-delivery`} className="tax-document-box-heading">
            {TAX_DOCUMENT_LABELS.deliveredTo}
          </h2>
          <p className="tax-document-name">{buyer.name}</p>
          <address>
            <Lines lines={buyer.address} />
          </address>
          <dl className="tax-document-facts">
            <Fact label={TAX_DOCUMENT_LABELS.state} value={buyerState} />
          </dl>
        </section>
      </div>

      <dl className="tax-document-facts tax-document-place">
        <Fact
          label={TAX_DOCUMENT_LABELS.placeOfSupply}
          value={stateWithCode(document.placeOfSupply.state, document.placeOfSupply.stateCode)}
        />
      </dl>

      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, by keyboard too */}
      <section className="tax-document-scroll" aria-labelledby={captionId} tabIndex={0}>
        <table className="tax-document-lines">
          <caption id={captionId}>
            {TAX_DOCUMENT_LABELS.lines[document.kind]}
            <span>{TAX_DOCUMENT_LABELS.amountsIn}</span>
          </caption>
          {runs.map((run) => (
            <colgroup key={run.group ?? run.columns[0]?.label} span={run.columns.length} />
          ))}
          <thead>
            <tr>
              {runs.map((run) =>
                run.group ? (
                  <th
                    key={run.group}
                    scope="colgroup"
                    colSpan={run.columns.length}
                    className="tax-document-group"
                  >
                    {run.group}
                  </th>
                ) : (
                  run.columns.map((column) => (
                    <th
                      key={column.label}
                      scope="col"
                      rowSpan={grouped ? 2 : undefined}
                      className={column.numeric ? "tax-document-figure" : undefined}
                    >
                      {column.label}
                    </th>
                  ))
                ),
              )}
            </tr>
            {grouped ? (
              <tr>
                {runs
                  .filter((run) => run.group)
                  .flatMap((run) =>
                    run.columns.map((column) => (
                      <th key={`${run.group}-${column.label}`} scope="col" className="tax-document-figure">
                        {column.label}
                      </th>
                    )),
                  )}
              </tr>
            ) : null}
          </thead>
          <tbody>
            {table.rows.map((cells, row) => (
              // A line's place on the document is what identifies it there.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={row}>
                <RowCells cells={cells} columns={table.columns} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <RowCells cells={table.totals} columns={table.columns} />
            </tr>
          </tfoot>
        </table>
      </section>

      <div className="tax-document-closing">
        <dl className="tax-document-summary">
          {taxSummary(document).map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
        <p>
          {TAX_DOCUMENT_LABELS.amountInWords}: <strong>{document.amountInWords}</strong>
        </p>
        <p>{TAX_DOCUMENT_LABELS.reverseCharge}</p>
        <div className="tax-document-signature">
          <p>
            <strong>For {supplier.legalName}</strong>
          </p>
          <p>{TAX_DOCUMENT_LABELS.signatory}</p>
        </div>
      </div>
    </article>
  );
}
