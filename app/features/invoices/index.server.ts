export * from "./document-pages.server";
export * from "./invoice-pdf.server";
export * from "./invoices.server";
export * from "./register.server";
