/**
 * What the catalogue's CSV import says (issue 33). Apart from the catalogue's other messages so that only the
 * import's pages carry them: the shared chunk of messages is on the product page, near its JavaScript budget.
 * A file over the size limit is refused by the server before it is read (app/lib/request-limits.mjs).
 */
export const catalogueImportMessages = {
  fileRequired: "Choose a CSV file to import",
  notText:
    "This file is not a CSV text file. Save the sheet as “CSV UTF-8 (comma delimited)” and upload that.",
  nulBytes:
    "This file holds NUL characters, so it is not a CSV text file. Save the sheet as “CSV UTF-8 (comma delimited)” and upload that.",
  unreadable: (row: number, why: string) => `The file could not be read as CSV: row ${row}: ${why}.`,
  empty: "The file is empty: its first row must name the columns, such as sku,stock.",
  unknownColumns: (names: string[]) =>
    `The first row names columns the catalogue does not have: ${names.map((name) => `“${name}”`).join(", ")}. Use the names of an exported file.`,
  repeatedColumn: (name: string) => `The column ${name} is in the first row twice.`,
  noSkuColumn: "The file has no sku column: every row is matched to its product by its SKU.",
  noRows: "The file has no products: add a row for each product under the first row.",
  tooManyRows: (max: number) =>
    `The file has more than ${max.toLocaleString("en-IN")} products. Import them in parts (export one category at a time).`,
  skuRequired: "Every row needs its SKU",
  skuRepeated: (row: number) => `This SKU is also on row ${row}`,
  formula:
    "A spreadsheet would run this cell as a formula. Start it with an apostrophe (') to keep it as text.",
  extraCell: "This cell is under no column",
  hiddenInvalid: "Hidden must be yes or no",
  colourUnknown: (name: string) =>
    `No colour is named “${name}”. Use a colour's name from the product form, or add the colour there first.`,
  refused: "The file has errors, so nothing was imported. Mend the rows below and upload the file again.",
  nothingToDo: "The file changes nothing: every product in it is as the catalogue has it.",
  changedSincePreview:
    "The catalogue changed since this preview (an order took stock, or someone saved a product). Nothing was imported. Here are the changes as they are now: check them and import again.",
  otherFile: "This is not the file the preview showed. Upload the file again.",
  badForm: "The form could not be read. Please use the buttons on the preview.",
  gone: "This import has been made or discarded. Upload the file again to import it.",
  imported: (created: number, updated: number) =>
    `Catalogue imported: ${created} ${created === 1 ? "product" : "products"} created, ${updated} updated`,
  discarded: "Import discarded. Nothing was changed.",
} as const;
