export { documentFor, pdfResponse } from "./document-pages.server";
export { renderTaxDocumentPdf } from "./invoice-pdf.server";
export { issueCreditNote, issueInvoice, issueRentalInvoice, taxDocumentOf } from "./invoices.server";
export { monthRegister } from "./register.server";
