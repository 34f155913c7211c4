/**
 * A tax invoice or credit note as a PDF (issue 17): A4, laid out as Indian GST invoices are, with DejaVu Sans
 * embedded for the rupee sign. The words and figures come from features/invoices/invoice-text.ts, as on the printable page.
 * The same document always renders the same bytes: the PDF's dates and file id come from its day of issue.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { DOCUMENT_TITLES, type TaxDocument } from "./invoice";
import {
  againstInvoiceText,
  documentFacts,
  stateWithCode,
  TAX_DOCUMENT_LABELS,
  type TaxTable,
  taxDocumentName,
  taxSummary,
  taxTable,
} from "./invoice-text";

type Pdf = PDFKit.PDFDocument;

// dejavu-fonts-ttf has no exports map, so its files resolve by path, wherever npm put the package.
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
} as const;

type FontName = keyof typeof FONT_FILES;

let fontData: Record<FontName, Buffer> | undefined;

/** The font files, read once: a shop issues many documents. */
function fonts(): Record<FontName, Buffer> {
  fontData ??= { regular: readFileSync(FONT_FILES.regular), bold: readFileSync(FONT_FILES.bold) };
  return fontData;
}

const MARGIN = 40;
/** Room kept at the foot of every page for its number. */
const FOOTER = 24;
const COLOURS = { ink: "#1c1c1b", muted: "#555555", rule: "#8c8c8c", shade: "#ececec" } as const;
const SIZES = { title: 17, heading: 10, body: 8.5, small: 7.5 } as const;
const LINE_GAP = 1;
const CELL_PAD_X = 3;
const CELL_PAD_Y = 3;
/** The table's type gets smaller, down to this, before the description column gets narrower than it may. */
const TABLE_SIZES = [7.5, 7, 6.5, 6] as const;
const MIN_DESCRIPTION_WIDTH = 120;

type TextStyle = { size: number; bold?: boolean; colour?: string; align?: "left" | "right" | "center" };

function setStyle(pdf: Pdf, style: TextStyle): void {
  pdf
    .font(style.bold ? "bold" : "regular")
    .fontSize(style.size)
    .fillColor(style.colour ?? COLOURS.ink);
}

function heightOf(pdf: Pdf, text: string, width: number, style: TextStyle): number {
  setStyle(pdf, style);
  return pdf.heightOfString(text, { width, lineGap: LINE_GAP });
}

/** Writes text in a box `width` wide; returns the y below it. */
function write(pdf: Pdf, text: string, x: number, y: number, width: number, style: TextStyle): number {
  setStyle(pdf, style);
  pdf.text(text, x, y, { width, align: style.align ?? "left", lineGap: LINE_GAP });
  return y + pdf.heightOfString(text, { width, lineGap: LINE_GAP });
}

/** "Label: value", the label plain and the value bold; returns the y below it. */
function writeFact(pdf: Pdf, label: string, value: string, x: number, y: number, width: number): number {
  setStyle(pdf, { size: SIZES.body, colour: COLOURS.muted });
  pdf.text(`${label}: `, x, y, { width, lineGap: LINE_GAP, continued: true });
  setStyle(pdf, { size: SIZES.body, bold: true });
  pdf.text(value, { lineGap: LINE_GAP });
  return Math.max(pdf.y, y + heightOf(pdf, `${label}: ${value}`, width, { size: SIZES.body, bold: true }));
}

function box(pdf: Pdf, x: number, y: number, width: number, height: number): void {
  pdf.lineWidth(0.6).strokeColor(COLOURS.rule).rect(x, y, width, height).stroke();
}

type Page = { left: number; right: number; width: number; top: number; bottom: number };

function pageOf(pdf: Pdf): Page {
  const { width, height } = pdf.page;
  return {
    left: MARGIN,
    right: width - MARGIN,
    width: width - 2 * MARGIN,
    top: MARGIN,
    bottom: height - MARGIN - FOOTER,
  };
}

/** The title, and for a credit note the invoice it corrects. */
function drawTitle(pdf: Pdf, document: TaxDocument, page: Page): number {
  let y = write(pdf, DOCUMENT_TITLES[document.kind], page.left, page.top, page.width, {
    size: SIZES.title,
    bold: true,
    align: "center",
  });
  const against = againstInvoiceText(document);
  if (against) {
    y = write(pdf, against, page.left, y + 2, page.width, { size: SIZES.heading, align: "center" });
  }
  return y + 10;
}

/** The supplier on the left, the document's number, date and order on the right, each in a box. */
function drawParties(pdf: Pdf, document: TaxDocument, page: Page, top: number): number {
  const gap = 10;
  const leftWidth = Math.round(page.width * 0.56);
  const rightX = page.left + leftWidth + gap;
  const rightWidth = page.right - rightX;
  const inner = (width: number) => width - 2 * 6;

  const { supplier } = document;
  let left = top + 6;
  left = write(pdf, supplier.legalName, page.left + 6, left, inner(leftWidth), {
    size: SIZES.heading + 1,
    bold: true,
  });
  if (supplier.tradeName && supplier.tradeName !== supplier.legalName) {
    left = write(pdf, supplier.tradeName, page.left + 6, left, inner(leftWidth), { size: SIZES.heading });
  }
  left = write(pdf, supplier.address.join("\n"), page.left + 6, left + 2, inner(leftWidth), {
    size: SIZES.body,
  });
  left = writeFact(pdf, TAX_DOCUMENT_LABELS.gstin, supplier.gstin, page.left + 6, left + 2, inner(leftWidth));
  left = writeFact(
    pdf,
    TAX_DOCUMENT_LABELS.state,
    stateWithCode(supplier.state, supplier.stateCode),
    page.left + 6,
    left,
    inner(leftWidth),
  );

  let right = top + 6;
  for (const fact of documentFacts(document)) {
    right = writeFact(pdf, fact.label, fact.value, rightX + 6, right, inner(rightWidth));
  }

  const bottom = Math.max(left, right) + 6;
  box(pdf, page.left, top, leftWidth, bottom - top);
  box(pdf, rightX, top, rightWidth, bottom - top);
  return bottom + 8;
}

/** The buyer: billing address (with the business and its GSTIN) and the delivery address, side by side. */
function drawBuyer(pdf: Pdf, document: TaxDocument, page: Page, top: number): number {
  const gap = 10;
  const width = (page.width - gap) / 2;
  const { buyer } = document;
  const state = stateWithCode(buyer.state, buyer.stateCode);

  const column = (x: number, heading: string, business: boolean): number => {
    const innerWidth = width - 12;
    let y = write(pdf, heading, x + 6, top + 6, innerWidth, {
      size: SIZES.small,
      bold: true,
      colour: COLOURS.muted,
    });
    y = write(pdf, buyer.name, x + 6, y + 1, innerWidth, { size: SIZES.body + 0.5, bold: true });
    if (business && buyer.businessName) {
      y = writeFact(pdf, TAX_DOCUMENT_LABELS.businessName, buyer.businessName, x + 6, y, innerWidth);
    }
    if (business && buyer.gstin) {
      y = writeFact(pdf, TAX_DOCUMENT_LABELS.gstin, buyer.gstin, x + 6, y, innerWidth);
    }
    y = write(pdf, buyer.address.join("\n"), x + 6, y, innerWidth, { size: SIZES.body });
    return writeFact(pdf, TAX_DOCUMENT_LABELS.state, state, x + 6, y, innerWidth);
  };

  const bottom =
    Math.max(
      column(page.left, TAX_DOCUMENT_LABELS.billedTo, true),
      column(page.left + width + gap, TAX_DOCUMENT_LABELS.deliveredTo, false),
    ) + 6;
  box(pdf, page.left, top, width, bottom - top);
  box(pdf, page.left + width + gap, top, width, bottom - top);

  const placeOfSupply = stateWithCode(document.placeOfSupply.state, document.placeOfSupply.stateCode);
  return (
    writeFact(pdf, TAX_DOCUMENT_LABELS.placeOfSupply, placeOfSupply, page.left, bottom + 6, page.width) + 8
  );
}

// ---------------------------------------------------------------------------------------------------------
// The table of lines
// ---------------------------------------------------------------------------------------------------------

type TableLayout = { size: number; widths: number[]; x: number[] };

function widestWord(pdf: Pdf, text: string): number {
  return Math.max(0, ...text.split(/\s+/).map((word) => pdf.widthOfString(word)));
}

/**
 * Column widths that fit the page: each column as wide as its widest figure (figures never wrap) or its
 * heading's widest word, the description the rest. The type gets smaller while the description would be
 * too narrow, so a large order still fits.
 */
function layoutTable(pdf: Pdf, table: TaxTable, page: Page): TableLayout {
  let widths: number[] = [];
  let size: number = TABLE_SIZES[0];
  for (const candidate of TABLE_SIZES) {
    size = candidate;
    widths = table.columns.map((column, index) => {
      if (column.wide) return 0;
      setStyle(pdf, { size, bold: true });
      let width = widestWord(pdf, column.label);
      for (const row of [...table.rows, table.totals]) {
        setStyle(pdf, { size, bold: row === table.totals });
        width = Math.max(width, pdf.widthOfString(row[index] ?? ""));
      }
      return Math.ceil(width + 2 * CELL_PAD_X);
    });
    // A tax's rate and amount share its name above them.
    for (let index = 0; index < table.columns.length; index++) {
      const group = table.columns[index]?.group;
      if (!group || table.columns[index + 1]?.group !== group) continue;
      setStyle(pdf, { size, bold: true });
      const short =
        pdf.widthOfString(group) + 2 * CELL_PAD_X - (widths[index] ?? 0) - (widths[index + 1] ?? 0);
      if (short > 0) widths[index + 1] = (widths[index + 1] ?? 0) + short;
      index++;
    }
    const rest = page.width - widths.reduce((sum, width) => sum + width, 0);
    if (rest >= MIN_DESCRIPTION_WIDTH) break;
  }
  const rest = page.width - widths.reduce((sum, width) => sum + width, 0);
  const description = table.columns.findIndex((column) => column.wide);
  widths[description] = Math.max(rest, 60);
  const x: number[] = [];
  let at = page.left;
  for (const width of widths) {
    x.push(at);
    at += width;
  }
  return { size, widths, x };
}

function cellText(
  pdf: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle & { numeric: boolean },
): void {
  write(pdf, text, x + CELL_PAD_X, y + CELL_PAD_Y, width - 2 * CELL_PAD_X, {
    ...style,
    align: style.numeric ? "right" : "left",
  });
}

function rowHeight(pdf: Pdf, cells: readonly string[], layout: TableLayout, bold: boolean): number {
  let height = 0;
  cells.forEach((text, index) => {
    const width = (layout.widths[index] ?? 0) - 2 * CELL_PAD_X;
    height = Math.max(height, heightOf(pdf, text || " ", width, { size: layout.size, bold }));
  });
  return height + 2 * CELL_PAD_Y;
}

/** The heading rows: a tax's name over its rate and amount; the other headings span both rows. */
function drawTableHead(pdf: Pdf, table: TaxTable, layout: TableLayout, top: number): number {
  const style = { size: layout.size, bold: true };
  const { columns } = table;
  const { widths, x } = layout;
  const groupHeight = heightOf(pdf, "CGST", 100, style) + 2 * CELL_PAD_Y;
  let height = 0;
  columns.forEach((column, index) => {
    const width = (widths[index] ?? 0) - 2 * CELL_PAD_X;
    const own = heightOf(pdf, column.label, width, style) + 2 * CELL_PAD_Y;
    height = Math.max(height, column.group ? groupHeight + own : own);
  });

  const tableWidth = widths.reduce((sum, width) => sum + width, 0);
  pdf.rect(x[0] ?? 0, top, tableWidth, height).fill(COLOURS.shade);
  pdf.lineWidth(0.5).strokeColor(COLOURS.rule);
  columns.forEach((column, index) => {
    const cellX = x[index] ?? 0;
    const width = widths[index] ?? 0;
    if (!column.group) {
      pdf.rect(cellX, top, width, height).stroke();
      cellText(pdf, column.label, cellX, top, width, { ...style, numeric: column.numeric });
      return;
    }
    const first = columns[index - 1]?.group !== column.group;
    if (first) {
      const span = width + (widths[index + 1] ?? 0);
      pdf.rect(cellX, top, span, groupHeight).stroke();
      write(pdf, column.group, cellX + CELL_PAD_X, top + CELL_PAD_Y, span - 2 * CELL_PAD_X, {
        ...style,
        align: "center",
      });
    }
    pdf.rect(cellX, top + groupHeight, width, height - groupHeight).stroke();
    cellText(pdf, column.label, cellX, top + groupHeight, width, { ...style, numeric: column.numeric });
  });
  return top + height;
}

function drawRow(
  pdf: Pdf,
  cells: readonly string[],
  table: TaxTable,
  layout: TableLayout,
  top: number,
  bold: boolean,
): number {
  const height = rowHeight(pdf, cells, layout, bold);
  pdf.lineWidth(0.5).strokeColor(COLOURS.rule);
  cells.forEach((text, index) => {
    const x = layout.x[index] ?? 0;
    const width = layout.widths[index] ?? 0;
    pdf.rect(x, top, width, height).stroke();
    if (text) {
      cellText(pdf, text, x, top, width, {
        size: layout.size,
        bold,
        numeric: table.columns[index]?.numeric ?? false,
      });
    }
  });
  return top + height;
}

/** A page after the first carries the document's name, so a loose page still says whose it is. */
function continuePage(pdf: Pdf, document: TaxDocument): number {
  pdf.addPage();
  const page = pageOf(pdf);
  return (
    write(pdf, `${taxDocumentName(document)} (continued)`, page.left, page.top, page.width, {
      size: SIZES.body,
      bold: true,
    }) + 6
  );
}

/** The lines, page after page as needed with the heading again on each, then the totals row. */
function drawTable(pdf: Pdf, document: TaxDocument, top: number): number {
  const page = pageOf(pdf);
  const table = taxTable(document);
  const layout = layoutTable(pdf, table, page);
  const caption = write(pdf, TAX_DOCUMENT_LABELS.lines[document.kind], page.left, top, page.width / 2, {
    size: SIZES.body,
    bold: true,
  });
  const half = page.left + page.width / 2;
  const note = write(pdf, TAX_DOCUMENT_LABELS.amountsIn, half, top + 1, page.width / 2, {
    size: SIZES.small,
    colour: COLOURS.muted,
    align: "right",
  });
  let y = drawTableHead(pdf, table, layout, Math.max(caption, note) + 2);
  const rows = [...table.rows.map((cells) => ({ cells, bold: false })), { cells: table.totals, bold: true }];
  for (const row of rows) {
    if (y + rowHeight(pdf, row.cells, layout, row.bold) > page.bottom) {
      y = drawTableHead(pdf, table, layout, continuePage(pdf, document));
    }
    y = drawRow(pdf, row.cells, table, layout, y, row.bold);
  }
  return y + 10;
}

// ---------------------------------------------------------------------------------------------------------
// The foot: totals, amount in words, reverse charge, signature
// ---------------------------------------------------------------------------------------------------------

const SUMMARY_WIDTH = 220;
const SIGNATURE_SPACE = 34;

function closingHeight(pdf: Pdf, document: TaxDocument, page: Page): number {
  const summary = taxSummary(document).length * (heightOf(pdf, "0", 100, { size: SIZES.body + 0.5 }) + 3);
  const words = heightOf(pdf, `${TAX_DOCUMENT_LABELS.amountInWords}: ${document.amountInWords}`, page.width, {
    size: SIZES.body,
    bold: true,
  });
  const signature = heightOf(pdf, `For ${document.supplier.legalName}`, SUMMARY_WIDTH, {
    size: SIZES.body,
    bold: true,
  });
  return summary + 8 + words + 20 + signature + SIGNATURE_SPACE + 20;
}

function drawClosing(pdf: Pdf, document: TaxDocument, top: number): void {
  let page = pageOf(pdf);
  let y = top;
  if (y + closingHeight(pdf, document, page) > page.bottom) {
    y = continuePage(pdf, document);
    page = pageOf(pdf);
  }

  const x = page.right - SUMMARY_WIDTH;
  const summary = taxSummary(document);
  summary.forEach((item, index) => {
    const last = index === summary.length - 1;
    const style = { size: SIZES.body + 0.5, bold: last };
    if (last) {
      pdf.lineWidth(0.6).strokeColor(COLOURS.rule).moveTo(x, y).lineTo(page.right, y).stroke();
      y += 2;
    }
    write(pdf, item.label, x, y, SUMMARY_WIDTH / 2, style);
    y = write(pdf, item.value, x + SUMMARY_WIDTH / 2, y, SUMMARY_WIDTH / 2, { ...style, align: "right" }) + 3;
  });

  y = writeFact(pdf, TAX_DOCUMENT_LABELS.amountInWords, document.amountInWords, page.left, y + 8, page.width);
  y = write(pdf, TAX_DOCUMENT_LABELS.reverseCharge, page.left, y + 4, page.width, { size: SIZES.body });

  y = write(pdf, `For ${document.supplier.legalName}`, x, y + 16, SUMMARY_WIDTH, {
    size: SIZES.body,
    bold: true,
    align: "right",
  });
  write(pdf, TAX_DOCUMENT_LABELS.signatory, x, y + SIGNATURE_SPACE, SUMMARY_WIDTH, {
    size: SIZES.body,
    align: "right",
  });
}

/** "Tax Invoice KC/26-27/000123 · Page 1 of 2" at the foot of every page. */
function drawFooters(pdf: Pdf, document: TaxDocument): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    pdf.switchToPage(index);
    const page = pageOf(pdf);
    // Below the bottom margin pdfkit would start a new page for the text; this page has room, so say so.
    pdf.page.margins.bottom = 0;
    setStyle(pdf, { size: SIZES.small, colour: COLOURS.muted });
    pdf.text(
      `${taxDocumentName(document)} · ${TAX_DOCUMENT_LABELS.page} ${index - start + 1} of ${count}`,
      page.left,
      page.bottom + FOOTER - 8,
      { width: page.width, align: "center", lineBreak: false },
    );
  }
}

/** The day of issue at midnight in India: the PDF's creation date, and with it its file id. */
function issuedAt(day: string): Date {
  const date = new Date(`${day}T00:00:00+05:30`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a day of issue: ${day}`);
  return date;
}

/** The document as an A4 PDF. PDFKit is loaded with the first document, not with the shop (15 MB). */
export async function renderTaxDocumentPdf(document: TaxDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    lang: "en-IN",
    displayTitle: true,
    info: {
      Title: taxDocumentName(document),
      Author: document.supplier.legalName,
      Subject: `${document.order.rental ? "Rental" : "Order"} ${document.order.reference}`,
      Creator: document.supplier.tradeName || document.supplier.legalName,
      CreationDate: issuedAt(document.issuedOn),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const { regular, bold } = fonts();
  pdf.registerFont("regular", regular);
  pdf.registerFont("bold", bold);
  pdf.addPage();
  const page = pageOf(pdf);
  let y = drawTitle(pdf, document, page);
  y = drawParties(pdf, document, page, y);
  y = drawBuyer(pdf, document, page, y);
  y = drawTable(pdf, document, y);
  drawClosing(pdf, document, y);
  drawFooters(pdf, document);
  pdf.end();
  return done;
}
