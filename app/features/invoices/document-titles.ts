/**
 * The kinds of tax document and their titles, apart from invoice.ts so that the printable page takes these
 * words to the browser without the builders and the number-to-words library behind them.
 */
export type DocumentKind = "invoice" | "credit-note";

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  invoice: "Tax Invoice",
  "credit-note": "Credit Note",
};
