/**
 * A delivery zone as the dealer types it (the back office's form, or a row of a CSV file) and the rules it
 * must keep before it is stored: one home for both, so a file is refused for the same reasons, in the same
 * words, as the form. Pure: no I/O, no zod (app/features/delivery/schemas.ts wraps it for the forms).
 */

import { csvTooLargeMessage } from "~/lib/request-limits.mjs";
import { isTypedText } from "~/lib/text";
import { parsePinList } from "./pin-codes";

export const ZONE_LIMITS = {
  name: 80,
  /** A PIN list of a few hundred terms; the table's own check allows nothing above 60 days. */
  pinList: 2000,
  days: 60,
} as const;

/** The back office's zone messages: the form's, the CSV import's and the page's. */
export const zoneMessages = {
  nameRequired: "Name the zone",
  nameTooLong: `The name can be at most ${ZONE_LIMITS.name} characters`,
  untypable: "Please remove the invisible or unsupported characters",
  pinListRequired: "Enter the PIN codes the zone covers: prefixes such as 560, ranges such as 560-562",
  pinListTooLong: `The PIN list can be at most ${ZONE_LIMITS.pinList} characters`,
  pinTermBad: (term: string) =>
    `“${term}” is not a PIN prefix or range: use 1 to 6 digits starting 1–9 (560, 560001), or a range from low to high with both ends the same length (560-562, 682551-682559)`,
  daysInvalid: (label: string) =>
    `${label}: enter a whole number of business days from 0 to ${ZONE_LIMITS.days}`,
  daysOrder: (label: string) => `${label}: the fewest days cannot be more than the most`,
  expressHalf:
    "Enter both express numbers, or leave both empty when express delivery does not reach the zone",
  yesNo: "write yes or no",
  noneServed: "The shop must deliver somewhere: keep at least one zone that delivers. Nothing was changed.",
  created: "Zone added.",
  saved: "Zone saved.",
  deleted: "Zone deleted.",
  imported: (count: number) =>
    `Zones imported: ${count} ${count === 1 ? "zone" : "zones"} replace the old ones.`,
  notFound: "That zone could not be found: it was deleted, or replaced by an import.",
  stale:
    "This zone was changed while you were editing it. Nothing was saved; your values are still in the form. Check them and save again to replace the other change.",
  fileRequired: "Choose a CSV file to import",
  fileTooLarge: csvTooLargeMessage,
  fileNotText: "The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”.",
  importRefused: "Nothing was imported: put these right in the file and import it again.",
} as const;

/** A zone as stored (the delivery_zones columns the dealer sets). */
export type ZoneValues = {
  name: string;
  pinList: string;
  delivers: boolean;
  standardDaysMin: number;
  standardDaysMax: number;
  expressDaysMin: number | null;
  expressDaysMax: number | null;
  cashOnDelivery: boolean;
};

/** The fields as typed; the yes/no ones already read. */
export type ZoneInput = {
  name: string;
  pinList: string;
  delivers: boolean;
  standardMin: string;
  standardMax: string;
  expressMin: string;
  expressMax: string;
  cashOnDelivery: boolean;
};

export type ZoneField = "name" | "pinList" | "standardMin" | "standardMax" | "expressMin" | "expressMax";

export type ZoneCheck =
  | { ok: true; zone: ZoneValues }
  | { ok: false; errors: Partial<Record<ZoneField, string>> };

/** "5", " 5 " → 5; anything but a whole number from 0 to 60 → undefined. */
function daysOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return undefined;
  const days = Number(trimmed);
  return days <= ZONE_LIMITS.days ? days : undefined;
}

/**
 * The PIN list's terms, one space apart ("560, 561\n562" → "560 561 562"), or the message for the first term
 * that is not one. Stored that way, a list reads the same in the page, the CSV file and the audit trail.
 */
export function checkPinList(text: string): { ok: true; pinList: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: zoneMessages.pinListRequired };
  if (trimmed.length > ZONE_LIMITS.pinList) return { ok: false, message: zoneMessages.pinListTooLong };
  const parsed = parsePinList(trimmed);
  if ("bad" in parsed) return { ok: false, message: zoneMessages.pinTermBad(parsed.bad) };
  return { ok: true, pinList: parsed.spans.map((span) => span.term).join(" ") };
}

/** A pair of day numbers: both required (standard) or both or neither (express), low before high. */
function checkDays(
  label: string,
  minText: string,
  maxText: string,
  optional: boolean,
): { ok: true; days: [number, number] | null } | { ok: false; field: "min" | "max"; message: string } {
  const [minTyped, maxTyped] = [minText.trim(), maxText.trim()];
  if (optional && !minTyped && !maxTyped) return { ok: true, days: null };
  if (optional && (!minTyped || !maxTyped)) {
    return { ok: false, field: minTyped ? "max" : "min", message: zoneMessages.expressHalf };
  }
  const [min, max] = [daysOf(minTyped), daysOf(maxTyped)];
  if (min === undefined) return { ok: false, field: "min", message: zoneMessages.daysInvalid(label) };
  if (max === undefined) return { ok: false, field: "max", message: zoneMessages.daysInvalid(label) };
  if (min > max) return { ok: false, field: "max", message: zoneMessages.daysOrder(label) };
  return { ok: true, days: [min, max] };
}

/** The zone to store, or a message for each field that is wrong. */
export function checkZone(input: ZoneInput): ZoneCheck {
  const errors: Partial<Record<ZoneField, string>> = {};
  const name = input.name.trim();
  if (!name) errors.name = zoneMessages.nameRequired;
  else if (name.length > ZONE_LIMITS.name) errors.name = zoneMessages.nameTooLong;
  else if (!isTypedText(name)) errors.name = zoneMessages.untypable;

  const pins = checkPinList(input.pinList);
  if (!pins.ok) errors.pinList = pins.message;

  const standard = checkDays("Standard delivery", input.standardMin, input.standardMax, false);
  if (!standard.ok) errors[standard.field === "min" ? "standardMin" : "standardMax"] = standard.message;
  const express = checkDays("Express delivery", input.expressMin, input.expressMax, true);
  if (!express.ok) errors[express.field === "min" ? "expressMin" : "expressMax"] = express.message;

  if (!pins.ok || !standard.ok || !express.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  const [standardDaysMin, standardDaysMax] = standard.days ?? [0, 0];
  return {
    ok: true,
    zone: {
      name,
      pinList: pins.pinList,
      delivers: input.delivers,
      standardDaysMin,
      standardDaysMax,
      expressDaysMin: express.days?.[0] ?? null,
      expressDaysMax: express.days?.[1] ?? null,
      cashOnDelivery: input.cashOnDelivery,
    },
  };
}

/** A stored zone as the form shows it. */
export function zoneInputOf(zone: ZoneValues): ZoneInput {
  return {
    name: zone.name,
    pinList: zone.pinList,
    delivers: zone.delivers,
    standardMin: String(zone.standardDaysMin),
    standardMax: String(zone.standardDaysMax),
    expressMin: zone.expressDaysMin === null ? "" : String(zone.expressDaysMin),
    expressMax: zone.expressDaysMax === null ? "" : String(zone.expressDaysMax),
    cashOnDelivery: zone.cashOnDelivery,
  };
}

/** A zone as the back office's lists show it (the settings page and the zones page). */
export function zoneRow(zone: ZoneValues & { id: number }) {
  return {
    id: zone.id,
    name: zone.name,
    pinList: zone.pinList,
    delivers: zone.delivers,
    standard: daysText(zone.standardDaysMin, zone.standardDaysMax),
    express: daysText(zone.expressDaysMin, zone.expressDaysMax),
    cashOnDelivery: zone.cashOnDelivery,
  };
}

export type ZoneRow = ReturnType<typeof zoneRow>;

/** "5–7" for a pair of day numbers, "—" for none. */
export function daysText(min: number | null, max: number | null): string {
  if (min === null || max === null) return "—";
  return min === max ? String(min) : `${min}–${max}`;
}
