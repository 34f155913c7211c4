/**
 * CSV files the back office hands out (RFC 4180: comma-separated, CRLF line ends, quoted where needed), safe
 * to open in a spreadsheet: a cell that a spreadsheet would read as a formula gets a leading apostrophe. And
 * the files it reads back: a small RFC 4180 parser (quoted cells with commas, doubled quotes and line breaks;
 * CRLF or LF), enough for the files spreadsheets write.
 */

/** What a spreadsheet takes for the start of a formula (OWASP's list: = + - @, tab and carriage return). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain negative number ("-12.05"): a spreadsheet reads it as the number, so it is left as it is. */
export const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** One cell: defused when it could start a formula, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  const defused = FORMULA_START.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/** A whole file: a header row and the rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(",")}\r\n`).join("");
}

/**
 * A text cell. csvCell puts an apostrophe before what a spreadsheet would run as a formula; a value that
 * itself starts with an apostrophe gets one too, so the reader can take exactly one off either kind.
 */
export function textCell(value: string): string {
  return value.startsWith("'") ? csvCell(`'${value}`) : csvCell(value);
}

/** Undoes textCell's apostrophe: one is taken off before a formula character or another apostrophe. */
export function unguard(value: string): string {
  return value.startsWith("'") && (FORMULA_START.test(value.slice(1)) || value[1] === "'")
    ? value.slice(1)
    : value;
}

/** A CSV file's records (each a list of cells, as written), or where it could not be read. */
export type CsvRecords = { ok: true; records: string[][] } | { ok: false; row: number; message: string };

/**
 * Reads RFC 4180 CSV: cells separated by commas, records by CRLF, LF or CR; a quoted cell may hold commas,
 * line breaks and doubled quotes. A byte-order mark at the start is dropped. Row numbers count records from 1
 * (the header), as a spreadsheet numbers its rows. A record of more than `maxCells` cells, or more than
 * `maxRecords` records, stops the reading.
 */
export function parseCsv(
  text: string,
  { maxCells = Number.POSITIVE_INFINITY, maxRecords = Number.POSITIVE_INFINITY } = {},
): CsvRecords {
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: string[][] = [];
  if (input.length === 0) return { ok: true, records };
  // Cells are cut out of the text whole (slices), never grown a character at a time: a string built by
  // appending is a chain of pieces, which for a 7 MB file held some 200 MB until it was read.
  const endOfCell = /[,\r\n]/g;
  let record: string[] = [];
  let i = 0;
  for (;;) {
    let cell: string;
    if (input[i] === '"') {
      const startsOn = records.length + 1;
      const parts: string[] = [];
      let from = i + 1;
      for (;;) {
        const quote = input.indexOf('"', from);
        if (quote < 0) return { ok: false, row: startsOn, message: "a quoted cell is not closed" };
        parts.push(input.slice(from, quote));
        if (input[quote + 1] !== '"') {
          i = quote + 1;
          break;
        }
        parts.push('"');
        from = quote + 2;
      }
      cell = parts.join("");
      if (i < input.length && !",\r\n".includes(input[i] ?? "")) {
        return {
          ok: false,
          row: records.length + 1,
          message: "a quoted cell must end at a comma or the end of the row",
        };
      }
    } else {
      endOfCell.lastIndex = i;
      const end = endOfCell.exec(input)?.index ?? input.length;
      cell = input.slice(i, end);
      i = end;
    }
    record.push(cell);
    if (i >= input.length) break;
    if (input[i] === ",") {
      if (record.length >= maxCells) {
        return { ok: false, row: records.length + 1, message: `a row has more than ${maxCells} cells` };
      }
      i += 1;
      continue;
    }
    records.push(record);
    // Blank lines count too: a file of nothing but line breaks is bounded like every other.
    if (records.length >= maxRecords) {
      return { ok: false, row: records.length + 1, message: `the file has more than ${maxRecords} rows` };
    }
    record = [];
    i += input[i] === "\r" && input[i + 1] === "\n" ? 2 : 1;
    // A file that ends with its line break has no record after it.
    if (i >= input.length) return { ok: true, records };
  }
  records.push(record);
  return { ok: true, records };
}
