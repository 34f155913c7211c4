export * from "./document-titles";
export * from "./gst";
export * from "./gst-rates";
export * from "./gst-register";
export * from "./hsn";
export * from "./invoice";
export * from "./invoice-numbers";
export * from "./TaxDocumentView";
