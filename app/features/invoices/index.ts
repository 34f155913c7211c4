export { CustomerTaxDocumentPage, customerTaxDocumentMeta } from "./CustomerTaxDocumentPage";
export { DOCUMENT_TITLES, type DocumentKind } from "./document-titles";
export { gstinProblem, normaliseGstin, stateCodeOf, type TaxAmounts } from "./gst";
export { gstSectionCsv } from "./gst-csv";
export { GST_RATE_CHOICES } from "./gst-rates";
export {
  type DocumentSection,
  GST_SECTION_LABELS,
  GST_SECTIONS,
  type GstSection,
  isGstSection,
  parseRegisterMonth,
  returnDate,
  type SectionTotals,
  shopMonthOf,
} from "./gst-register";
export { taxFactsFor } from "./hsn";
export type { TaxDocument } from "./invoice";
export { documentPrefixesProblem, documentPrefixProblem } from "./invoice-numbers";
export { gstMessages, gstRegisterMessages } from "./messages";
export { TaxDocumentView } from "./TaxDocumentView";
