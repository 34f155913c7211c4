import { PRODUCT_TYPES, type ProductType, productTypeLabels } from "../catalogue";
import { type NumberBucket, SPEC_CATEGORIES, type SpecDefinition, specsOfCategory } from "./definitions";

/**
 * The store's specification facets (decision 0042): which apply to the categories in view, how their values
 * read in a URL, and the canonical form of a selection. Values are option codes, or bucket codes for numbers.
 * A repeated key is OR within its facet; different facets combine with AND.
 */

export type FacetValue = { code: string; label: string };

export type Facet = {
  /** The URL key (`ram`). */
  key: string;
  /** The attribute it filters (`ram_gb`). */
  attribute: string;
  label: string;
  kind: SpecDefinition["kind"];
  values: readonly FacetValue[];
  /** A number facet's ranges, by bucket code. */
  buckets?: readonly NumberBucket[];
};

/** Selected values per facet key, each list in the facet's order, none empty. */
export type SpecSelection = Readonly<Record<string, readonly string[]>>;

function facetOf(spec: SpecDefinition): Facet | null {
  if (!spec.facet) return null;
  if (spec.kind === "number") {
    const buckets = spec.buckets ?? [];
    return {
      key: spec.facet,
      attribute: spec.code,
      label: spec.label,
      kind: spec.kind,
      values: buckets.map(({ code, label }) => ({ code, label })),
      buckets,
    };
  }
  return {
    key: spec.facet,
    attribute: spec.code,
    label: spec.label,
    kind: spec.kind,
    values: spec.options.map(({ code, label }) => ({ code, label })),
  };
}

const facetsOf = (specs: readonly SpecDefinition[]): Facet[] => specs.flatMap((spec) => facetOf(spec) ?? []);

/** Every facet of every category, each once, by key: what a URL without a category may use. */
const EVERY_FACET: ReadonlyMap<string, Facet> = new Map(
  Object.values(SPEC_CATEGORIES).flatMap((specs) =>
    facetsOf(specs).map((facet) => [facet.key, facet] as const),
  ),
);

/** The facets a URL may use: its category's, or every category's when it names none. */
export function allowedFacets(category: string | undefined): readonly Facet[] {
  return category ? facetsOf(specsOfCategory(category)) : [...EVERY_FACET.values()];
}

/**
 * The facets the store shows: those of the category in view, in the definitions' order. Without a category,
 * those of the first category that has every facet already chosen (`?ram=16` shows a computer's), else none:
 * the whole store's would be a panel of twenty facets over products they mostly do not describe.
 */
export function facetsInView(category: string | undefined, selection: SpecSelection): readonly Facet[] {
  if (category) return allowedFacets(category);
  const chosen = Object.keys(selection);
  if (chosen.length === 0) return [];
  for (const specs of Object.values(SPEC_CATEGORIES)) {
    const facets = facetsOf(specs);
    if (chosen.every((key) => facets.some((facet) => facet.key === key))) return facets;
  }
  return [];
}

/** The selection a URL makes: known keys and values only, each once, in the facets' order. */
export function parseSpecSelection(params: URLSearchParams, category: string | undefined): SpecSelection {
  const selection: Record<string, readonly string[]> = {};
  for (const facet of allowedFacets(category)) {
    const asked = new Set(params.getAll(facet.key));
    const values = facet.values.filter((value) => asked.has(value.code)).map((value) => value.code);
    if (values.length > 0) selection[facet.key] = values;
  }
  return selection;
}

/** The selection's URL parameters, in the facets' order (the canonical form). */
export function specSelectionParams(
  selection: SpecSelection,
  category: string | undefined,
): [string, string][] {
  return allowedFacets(category).flatMap((facet) =>
    (selection[facet.key] ?? []).map((code): [string, string] => [facet.key, code]),
  );
}

/** The selection with one value added or removed. */
export function toggleSpecValue(selection: SpecSelection, key: string, code: string): SpecSelection {
  const values = selection[key] ?? [];
  const next = values.includes(code) ? values.filter((value) => value !== code) : [...values, code];
  const { [key]: _dropped, ...others } = selection;
  return next.length > 0 ? { ...others, [key]: next } : others;
}

/** The facet a key names, for chips and labels. */
export function facetByKey(key: string): Facet | undefined {
  return EVERY_FACET.get(key);
}

/** Facet keys that mean different attributes in different categories would make a URL without a category ambiguous. */
export function facetKeyClashes(): string[] {
  const byKey = new Map<string, string>();
  const clashes: string[] = [];
  for (const specs of Object.values(SPEC_CATEGORIES)) {
    for (const facet of facetsOf(specs)) {
      const before = byKey.get(facet.key);
      if (before !== undefined && before !== facet.attribute) clashes.push(facet.key);
      byKey.set(facet.key, facet.attribute);
    }
  }
  return clashes;
}

/** A facet as the store's panel shows it: each value with its count, whether chosen, and the link that toggles it. */
export type ShownFacet = {
  key: string;
  label: string;
  /** Several values of one product (a reader's fingerprint and face), not one value per product. */
  multiple: boolean;
  values: { code: string; label: string; count: number; selected: boolean }[];
};

/**
 * The facets in the panel's order with their counts. A chosen value always shows (with 0 when nothing is left);
 * a value nothing has, in this category, is left out; a value with nothing behind it now shows with 0, disabled.
 */
export function shownFacets(
  facets: readonly Facet[],
  selection: SpecSelection,
  counts: Readonly<Record<string, Readonly<Record<string, number>>>>,
  held: Readonly<Record<string, readonly string[]>>,
): ShownFacet[] {
  return facets.flatMap((facet) => {
    const chosen = selection[facet.key] ?? [];
    const heldHere = held[facet.key] ?? [];
    const values = facet.values
      .filter((value) => chosen.includes(value.code) || heldHere.includes(value.code))
      .map((value) => ({
        code: value.code,
        label: value.label,
        count: counts[facet.key]?.[value.code] ?? 0,
        selected: chosen.includes(value.code),
      }));
    return values.length > 0
      ? [{ key: facet.key, label: facet.label, multiple: facet.kind === "choices", values }]
      : [];
  });
}

/** Every facet of every category, each once. */
export function allFacets(): Facet[] {
  return [...EVERY_FACET.values()];
}

/**
 * The product type (`?type=refurbished`) as a facet: no specification, a column of every product in every
 * category, but chosen, applied and counted as the specifications are (specs/facet-index.server.ts), so its
 * counts are disjunctive too. Its URL key is one of the store's own (STORE_KEYS), which no specification takes.
 */
export const TYPE_FACET: Facet = {
  key: "type",
  attribute: "product_type",
  label: "Type",
  kind: "choice",
  values: PRODUCT_TYPES.map((code) => ({ code, label: productTypeLabels[code] })),
};

/** A type as the store's panel shows it: how many products choosing it (alone, among the types) lists. */
export type TypeCount = { code: ProductType; count: number };

/**
 * The types the panel shows, in their order, with their counts, by shownFacets' rule: a chosen type always, a
 * type some product in view has with its count (0 disabled), the rest left out.
 */
export function shownTypes(
  chosen: readonly ProductType[],
  counts: Readonly<Record<string, number>>,
  held: readonly string[],
): TypeCount[] {
  return PRODUCT_TYPES.filter((code) => chosen.includes(code) || held.includes(code)).map((code) => ({
    code,
    count: counts[code] ?? 0,
  }));
}
