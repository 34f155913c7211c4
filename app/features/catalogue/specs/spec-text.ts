import { SPEC_CATEGORIES, type SpecDefinition, specsOfCategory } from "./definitions";
import { formatSpecValue } from "./format";
import type { SpecValue, SpecValues } from "./values";

/** Every attribute by its code (a code means the same in every category: definitions.test.ts). */
const BY_CODE = new Map(
  Object.values(SPEC_CATEGORIES).flatMap((specs) => specs.map((spec) => [spec.code, spec] as const)),
);

/** The attribute a code names, whichever category has it. */
export function specByCode(code: string): SpecDefinition | undefined {
  return BY_CODE.get(code);
}

const same = (a: SpecValue | undefined, b: SpecValue | undefined) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((code) => b.includes(code))
    : a === b;

/** Whether two specifications hold the same values (a "choices" list in whatever order). */
export function sameSpecs(a: SpecValues, b: SpecValues): boolean {
  const codes = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...codes].every((code) => same(a[code], b[code]));
}

/**
 * What changed, for the audit trail: by label, the value before and after as people read them (null for not
 * stated), in the order of the product's category after the change, then what only the old category had.
 */
export function specChanges(
  categories: { before: string; after: string },
  before: SpecValues,
  after: SpecValues,
): Record<string, { before: string | null; after: string | null }> {
  const order = [...specsOfCategory(categories.after), ...specsOfCategory(categories.before)];
  const changes: Record<string, { before: string | null; after: string | null }> = {};
  const done = new Set<string>();
  for (const spec of order) {
    if (done.has(spec.code)) continue;
    done.add(spec.code);
    const [was, now] = [before[spec.code], after[spec.code]];
    if (same(was, now)) continue;
    // Two categories may give one label to different attributes (a camera's and a screen's resolution).
    const label = Object.hasOwn(changes, spec.label) ? `${spec.label} (${spec.code})` : spec.label;
    changes[label] = {
      before: was === undefined ? null : formatSpecValue(spec, was),
      after: now === undefined ? null : formatSpecValue(spec, now),
    };
  }
  return changes;
}

/** A specification as people read it, by label, for the audit of a new product. */
export function specSummary(category: string, values: SpecValues): Record<string, string> {
  const summary: Record<string, string> = {};
  for (const spec of specsOfCategory(category)) {
    const value = values[spec.code];
    if (value !== undefined) summary[spec.label] = formatSpecValue(spec, value);
  }
  return summary;
}
