import { NO_SPEC } from "../admin-product-filters";
import { SAME_CATEGORY, SPEC_CATEGORIES, type SpecDefinition } from "./definitions";
import { specByCode } from "./spec-text";
import { valueProblem } from "./values";

/*
 * The back office's product list filtered by specification, kept in the URL as `spec`:
 * - `none`: products with no specification yet (decision 0042: the ones for the dealer to fill in);
 * - `ram_gb`: products whose RAM is stated;
 * - `ram_gb:16`, `cpu:core-i5`, `bio_methods:face`: products with that value (a number, or an option code).
 * The filter form sends the attribute and the value apart (`spec` and `specValue`); the list answers at the
 * one canonical address. A value the attribute cannot have drops the filter, as the list's other filters do.
 */

export type SpecFilter =
  | { kind: "none" }
  | { kind: "stated"; attribute: string }
  | { kind: "number"; attribute: string; number: number }
  | { kind: "option"; attribute: string; option: string };

/** Letters and digits only, in lower case: "Core i5", "core-i5" and "CORE I5" are one. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** An option by its code, label or search word, however typed ("Core i5", "i5", "core-i5", "Intel Core i5"). */
function optionCode(
  spec: SpecDefinition & { kind: "choice" | "choices" },
  typed: string,
): string | undefined {
  const wanted = bare(typed);
  if (wanted === "") return undefined;
  const option =
    spec.options.find((candidate) => bare(candidate.code) === wanted || bare(candidate.label) === wanted) ??
    spec.options.find((candidate) => candidate.words?.some((word) => bare(word) === wanted));
  return option?.code;
}

/** The filter the URL's `spec` (and the form's `specValue`) name; undefined for anything unusable. */
export function specFilterOf(spec: string | undefined, typedValue?: string): SpecFilter | undefined {
  if (spec === undefined) return undefined;
  if (spec === NO_SPEC) return { kind: "none" };
  const colon = spec.indexOf(":");
  const code = colon < 0 ? spec : spec.slice(0, colon);
  const value = (colon < 0 ? (typedValue ?? "") : spec.slice(colon + 1)).trim();
  const definition = specByCode(code);
  if (!definition) return undefined;
  if (value === "") return { kind: "stated", attribute: code };
  if (definition.kind === "number") {
    // "16", "16 GB", "16gb": the number, its unit left out.
    const number = /^(\d+(?:\.\d+)?)\s*[a-z ]*$/i.exec(value)?.[1];
    if (number === undefined || valueProblem(definition, Number(number))) return undefined;
    return { kind: "number", attribute: code, number: Number(number) };
  }
  const option = optionCode(definition, value);
  return option ? { kind: "option", attribute: code, option } : undefined;
}

/** The filter as the URL keeps it. */
export function specFilterText(filter: SpecFilter | undefined): string | undefined {
  if (!filter) return undefined;
  switch (filter.kind) {
    case "none":
      return NO_SPEC;
    case "stated":
      return filter.attribute;
    case "number":
      return `${filter.attribute}:${filter.number}`;
    case "option":
      return `${filter.attribute}:${filter.option}`;
  }
}

/** The attributes the list's filter offers, grouped by the categories that have them. */
export function specFilterChoices(): { label: string; options: { value: string; label: string }[] }[] {
  const groups = new Map<readonly SpecDefinition[], string[]>();
  for (const [category, specs] of Object.entries(SPEC_CATEGORIES)) {
    if (Object.hasOwn(SAME_CATEGORY, category)) continue;
    groups.set(specs, [...(groups.get(specs) ?? []), category]);
  }
  return [...groups].map(([specs, categories]) => ({
    label: categories.join(" and "),
    options: specs.map((spec) => ({ value: spec.code, label: spec.label })),
  }));
}
