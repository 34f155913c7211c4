/**
 * CSV files the back office hands out (RFC 4180: comma-separated, CRLF line ends, quoted where needed), safe
 * to open in a spreadsheet: a cell that a spreadsheet would read as a formula gets a leading apostrophe.
 */

/** What a spreadsheet takes for the start of a formula (OWASP's list: = + - @, tab and carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain negative number ("-12.05"): a spreadsheet reads it as the number, so it is left as it is. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** One cell: defused when it could start a formula, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  const defused = FORMULA_START.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/** A whole file: a header row and the rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(",")}\r\n`).join("");
}
