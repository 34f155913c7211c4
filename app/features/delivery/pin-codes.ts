/**
 * India's PIN codes and the delivery zones that claim them. A PIN code is six digits, the first 1–9. A zone
 * names the PIN codes it covers with prefixes ("560", "7") and ranges of prefixes or of whole codes
 * ("560-562", "682551-682559"); where zones overlap, the most specific claim wins (the one covering the fewest
 * PIN codes), so "744" (the Andaman and Nicobar Islands) wins over "7" (all of India). Pure: no I/O.
 */

export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;

/** The PIN code typed, without spaces ("560 034" → "560034"), or undefined when it is not one. */
export function normalisePinCode(typed: string): string | undefined {
  const digits = typed.replace(/\s+/g, "");
  return PIN_CODE_PATTERN.test(digits) ? digits : undefined;
}

/** The PIN codes one term of a zone covers, as an inclusive range of six-digit numbers. */
export type PinSpan = { first: number; last: number; term: string };

const TERM = /^([1-9]\d{0,5})(?:-([1-9]\d{0,5}))?$/;

/**
 * The terms of a zone's PIN list: prefixes and ranges separated by commas, spaces or new lines. Answers the
 * spans, or the first term that is not one (for the back office's message).
 */
export function parsePinList(text: string): { spans: PinSpan[] } | { bad: string } {
  const spans: PinSpan[] = [];
  for (const term of text.split(/[\s,;]+/).filter(Boolean)) {
    const match = TERM.exec(term);
    if (!match) return { bad: term };
    const from = match[1] ?? "";
    const to = match[2] ?? from;
    if (to.length !== from.length || Number(to) < Number(from)) return { bad: term };
    const scale = 10 ** (6 - from.length);
    spans.push({ first: Number(from) * scale, last: (Number(to) + 1) * scale - 1, term });
  }
  return { spans };
}

/** A zone as the matcher needs it: its PIN list already parsed. */
export type ZoneClaims<Zone> = { zone: Zone; spans: readonly PinSpan[] };

/**
 * The zone a PIN code belongs to: of the zones with a span covering it, the one whose covering span is the
 * narrowest; on a tie, the zone listed first. Undefined when no zone claims it.
 */
export function zoneForPin<Zone>(pin: string, zones: readonly ZoneClaims<Zone>[]): Zone | undefined {
  const code = Number(pin);
  let best: { zone: Zone; width: number } | undefined;
  for (const { zone, spans } of zones) {
    for (const span of spans) {
      if (code < span.first || code > span.last) continue;
      const width = span.last - span.first;
      if (!best || width < best.width) best = { zone, width };
    }
  }
  return best?.zone;
}
