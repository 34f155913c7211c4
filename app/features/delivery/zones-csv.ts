/**
 * The delivery zones as a CSV file: written for a spreadsheet (app/lib/csv.ts: RFC 4180, cells that could
 * start a formula defused) and read back, so an exported file imports as the same zones. Pure: no I/O.
 */
import { parseCsv, textCell, unguard } from "~/lib/csv";
import { checkZone, type ZoneField, type ZoneValues, zoneMessages } from "./zones";

export const ZONE_CSV_COLUMNS = [
  "name",
  "pin_list",
  "delivers",
  "standard_days_min",
  "standard_days_max",
  "express_days_min",
  "express_days_max",
  "cash_on_delivery",
] as const;

type Column = (typeof ZONE_CSV_COLUMNS)[number];

/** The column each form field comes from, for the import's messages. */
const COLUMN_OF: Record<ZoneField, Column> = {
  name: "name",
  pinList: "pin_list",
  standardMin: "standard_days_min",
  standardMax: "standard_days_max",
  expressMin: "express_days_min",
  expressMax: "express_days_max",
};

/** At most this many messages are listed; the rest are counted. */
export const MAX_IMPORT_PROBLEMS = 20;

/** At most this many zones in a file: far more than a dealer needs, and a bound on the import's work. */
export const MAX_IMPORT_ZONES = 1000;

const yesNo = (value: boolean) => (value ? "yes" : "no");
const number = (value: number | null) => (value === null ? "" : String(value));

/** The zones as a CSV file: the header row, then one row per zone, each line ended by CRLF. */
export function zonesToCsv(zones: readonly ZoneValues[]): string {
  const rows = zones.map((zone) =>
    [
      textCell(zone.name),
      textCell(zone.pinList),
      yesNo(zone.delivers),
      number(zone.standardDaysMin),
      number(zone.standardDaysMax),
      number(zone.expressDaysMin),
      number(zone.expressDaysMax),
      yesNo(zone.cashOnDelivery),
    ].join(","),
  );
  return [ZONE_CSV_COLUMNS.join(","), ...rows].map((line) => `${line}\r\n`).join("");
}

export type ZonesImport = { ok: true; zones: ZoneValues[] } | { ok: false; problems: string[] };

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === "");

/**
 * The zones of a CSV file, every row checked by the form's rules, or what is wrong, by row number (at most
 * MAX_IMPORT_PROBLEMS messages, then a count of the rest). The header names the eight columns, in any order;
 * blank rows are skipped; yes/no in any case.
 */
export function zonesFromCsv(text: string): ZonesImport {
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, problems: [`Row ${parsed.row}: ${parsed.message}`] };
  const [header, ...rows] = parsed.records;
  if (!header || isBlank(header)) {
    return {
      ok: false,
      problems: [`The file is empty: its first row must be ${ZONE_CSV_COLUMNS.join(",")}`],
    };
  }
  const names = header.map((cell) => cell.trim().toLowerCase());
  const position = new Map<string, number>();
  const headerProblems: string[] = [];
  names.forEach((name, index) => {
    // A spreadsheet may add empty columns after the last one.
    if (name === "") return;
    if (!(ZONE_CSV_COLUMNS as readonly string[]).includes(name)) {
      headerProblems.push(`Row 1: unknown column “${header[index]?.trim()}”`);
    } else if (position.has(name)) {
      headerProblems.push(`Row 1: the column ${name} is there twice`);
    } else {
      position.set(name, index);
    }
  });
  for (const column of ZONE_CSV_COLUMNS) {
    if (!position.has(column)) headerProblems.push(`Row 1: the column ${column} is missing`);
  }
  if (headerProblems.length > 0) {
    return {
      ok: false,
      problems: [...new Set(headerProblems), `The first row must be ${ZONE_CSV_COLUMNS.join(",")}`].slice(
        0,
        MAX_IMPORT_PROBLEMS,
      ),
    };
  }

  const problems: string[] = [];
  const zones: ZoneValues[] = [];
  rows.forEach((record, index) => {
    const row = index + 2;
    if (isBlank(record)) return;
    const cell = (column: Column) => unguard(record[position.get(column) ?? -1] ?? "");
    const extra = record.filter((value, at) => (names[at] ?? "") === "" && value.trim() !== "");
    if (extra.length > 0) {
      problems.push(`Row ${row}: more cells than the header has columns`);
      return;
    }
    const rowProblems: string[] = [];
    const flag = (column: Column) => {
      const value = cell(column).trim().toLowerCase();
      if (value === "yes" || value === "no") return value === "yes";
      rowProblems.push(`${column}: ${zoneMessages.yesNo}`);
      return false;
    };
    const delivers = flag("delivers");
    const cashOnDelivery = flag("cash_on_delivery");
    const checked = checkZone({
      name: cell("name"),
      pinList: cell("pin_list"),
      delivers,
      standardMin: cell("standard_days_min"),
      standardMax: cell("standard_days_max"),
      expressMin: cell("express_days_min"),
      expressMax: cell("express_days_max"),
      cashOnDelivery,
    });
    if (!checked.ok || rowProblems.length > 0) {
      const fieldProblems = checked.ok
        ? []
        : Object.entries(checked.errors).map(
            ([field, message]) => `${COLUMN_OF[field as ZoneField]}: ${message}`,
          );
      problems.push(`Row ${row}: ${[...fieldProblems, ...rowProblems].join("; ")}`);
      return;
    }
    zones.push(checked.zone);
  });

  if (problems.length === 0) {
    if (zones.length === 0) problems.push("The file has no zones: add a row for each zone under the header.");
    else if (zones.length > MAX_IMPORT_ZONES) {
      problems.push(`The file has ${zones.length} zones; at most ${MAX_IMPORT_ZONES} can be imported.`);
    } else if (!zones.some((zone) => zone.delivers)) problems.push(zoneMessages.noneServed);
  }
  if (problems.length === 0) return { ok: true, zones };
  if (problems.length > MAX_IMPORT_PROBLEMS) {
    const more = problems.length - MAX_IMPORT_PROBLEMS + 1;
    return {
      ok: false,
      problems: [...problems.slice(0, MAX_IMPORT_PROBLEMS - 1), `… and ${more} more rows with problems.`],
    };
  }
  return { ok: false, problems };
}
