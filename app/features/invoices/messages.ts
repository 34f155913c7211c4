/** What the invoices feature says to shoppers and staff; the texts the shop's rules fix (docs/shop-rules.md) are kept word for word. */

export const gstMessages = {
  gstinLength: "A GSTIN has 15 characters, such as 29ABCDE1234F1ZW",
  gstinState: (code: string) =>
    `A GSTIN starts with the two-digit code of its state, such as 29 for Karnataka; ${code} is not a state code`,
  gstinPan: "Characters 3 to 12 of a GSTIN are a PAN: 5 letters, 4 digits and a letter, such as ABCDE1234F",
  gstinEntity: "The 13th character of a GSTIN is a digit from 1 to 9 or a letter",
  gstinZ: "The 14th character of a GSTIN is the letter Z",
  gstinCheckDigit:
    "This GSTIN is not valid: its last character does not match the others. Please check it for a mistyped character.",
  businessNameRequired: "Enter the business's name as registered for this GSTIN",
} as const;

/** A GSTIN typed for a business invoice, by a customer or by the dealer's staff (app/features/invoices/gst.ts checks it). */
export const gstRegisterMessages = {
  badMonth: "Choose a month, such as 2026-11 for November 2026.",
  badSection: "Choose one of the register's tables: b2b, b2cl, b2cs, cdnr, cdnur or hsn.",
  empty: (month: string) => `No invoices or credit notes were issued in ${month}.`,
} as const;

/** The prefixes of invoice and credit-note numbers, set in the back office (app/features/invoices/invoice-numbers.ts). */
export const documentNumberMessages = {
  prefixRequired: "Prefix is Required",
  prefixShape: (max: number) =>
    `The prefix must be 1 to ${max} capital letters or digits, such as KC, so that every number fits GST's 16 characters`,
  prefixesSame: "Invoices and credit notes need different prefixes, so that no two documents share a number",
} as const;
