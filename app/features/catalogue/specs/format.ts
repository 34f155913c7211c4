import {
  SPEC_CATEGORIES,
  SPEC_GROUPS,
  SPEC_UNITS,
  type SpecDefinition,
  type SpecGroup,
  type SpecUnit,
} from "./definitions";
import { type SpecValue, type SpecValues, specsFor } from "./values";

/**
 * How a specification reads to a shopper: the one place the product page, compare and every other screen get
 * "16 GB", "12th gen" or "Fingerprint, Face" from, and the product's JSON-LD its PropertyValues.
 */

/** Indian digit grouping, as prices are written; two decimals at most (the finest step is 0.01 kg). */
const numbers = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });

/** Units that read as a count, so one of them is singular: "1 month", "1 channel". */
const SINGULAR: Partial<Record<SpecUnit, string>> = { months: "month", channels: "channel", users: "user" };

/** An English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 112th. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = { 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** A number with its unit: "16 GB", "15.6 inch", "1.75 kg", "1 month", "12th gen". */
export function formatSpecNumber(unit: SpecUnit, value: number): string {
  if (unit === "generation") return `${ordinal(value)} gen`;
  const text = value === 1 ? (SINGULAR[unit] ?? SPEC_UNITS[unit].text) : SPEC_UNITS[unit].text;
  return `${numbers.format(value)} ${text}`;
}

/** The labels of a value's options, in the definitions' order; a code with no option is shown as it is. */
function optionLabels(spec: SpecDefinition & { kind: "choice" | "choices" }, value: SpecValue): string[] {
  const codes: readonly string[] = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
  const place = (code: string) => {
    const index = spec.options.findIndex((option) => option.code === code);
    return index === -1 ? spec.options.length : index;
  };
  return [...codes]
    .sort((a, b) => place(a) - place(b))
    .map((code) => spec.options.find((option) => option.code === code)?.label ?? code);
}

/** A value as the shopper reads it: a number with its unit, an option's label, several labels joined by ", ". */
export function formatSpecValue(spec: SpecDefinition, value: SpecValue): string {
  if (spec.kind === "number") return typeof value === "number" ? formatSpecNumber(spec.unit, value) : "";
  return optionLabels(spec, value).join(", ");
}

export type SpecRow = { code: string; label: string; value: string };
export type SpecGroupRows = { group: SpecGroup; rows: SpecRow[] };

/** Rows grouped in `SPEC_GROUPS`' order, each group's in the definitions' order; groups with no row left out. */
function grouped<T extends { group: SpecGroup }, R>(items: readonly T[], row: (item: T) => R) {
  return SPEC_GROUPS.flatMap((group) => {
    const rows = items.filter((item) => item.group === group).map(row);
    return rows.length === 0 ? [] : [{ group, rows }];
  });
}

/** A product's specification table: only the attributes it has values for; empty when it has none. */
export function specTable(category: string, productType: string, values: SpecValues): SpecGroupRows[] {
  const present = specsFor(category, productType).filter((spec) => values[spec.code] !== undefined);
  return grouped(present, (spec) => ({
    code: spec.code,
    label: spec.label,
    value: formatSpecValue(spec, values[spec.code] ?? ""),
  }));
}

/** A product as compare reads its specification. */
export type ComparedSpecs = { category: string; productType: string; specs: SpecValues };
/** One attribute across the compared products: each product's value, null where it has none. */
export type ComparedSpecRow = { code: string; label: string; values: (string | null)[] };
export type ComparedSpecGroup = { group: SpecGroup; rows: ComparedSpecRow[] };

/**
 * The attributes at least one compared product has, group by group in the definitions' order (products of
 * different categories meet on the attributes they share), with each product's value or null.
 */
export function compareSpecTable(products: readonly ComparedSpecs[]): ComparedSpecGroup[] {
  // Every category's definitions in order, each attribute once (Laptops and Desktops share theirs).
  const specs = [
    ...new Map(
      Object.values(SPEC_CATEGORIES)
        .flat()
        .map((spec) => [spec.code, spec]),
    ).values(),
  ];
  const applies = products.map(
    (product) => new Set(specsFor(product.category, product.productType).map((spec) => spec.code)),
  );
  const shownValue = (spec: SpecDefinition, index: number): string | null => {
    const value = products[index]?.specs[spec.code];
    return value === undefined || !applies[index]?.has(spec.code) ? null : formatSpecValue(spec, value);
  };
  const present = specs.filter((spec) => products.some((_, index) => shownValue(spec, index) !== null));
  return grouped(present, (spec) => ({
    code: spec.code,
    label: spec.label,
    values: products.map((_, index) => shownValue(spec, index)),
  }));
}

/** A schema.org PropertyValue of the product's JSON-LD `additionalProperty`. */
export type SpecProperty = {
  "@type": "PropertyValue";
  name: string;
  value: number | string;
  unitCode?: string;
  unitText?: string;
};

/**
 * The specification as schema.org PropertyValues: a number as a number with its UN/CEFACT unitCode, else its
 * unit as unitText (a processor generation has none: it is an ordinal, its name says what it counts); options
 * as their labels. In the product page's table order.
 */
export function specProperties(category: string, productType: string, values: SpecValues): SpecProperty[] {
  const present = specsFor(category, productType).filter((spec) => values[spec.code] !== undefined);
  return grouped(present, (spec): SpecProperty => {
    const value = values[spec.code] ?? "";
    if (spec.kind !== "number") {
      return { "@type": "PropertyValue", name: spec.label, value: formatSpecValue(spec, value) };
    }
    const property: SpecProperty = {
      "@type": "PropertyValue",
      name: spec.label,
      value: typeof value === "number" ? value : Number.NaN,
    };
    const unit = SPEC_UNITS[spec.unit];
    if (unit.unitCode) property.unitCode = unit.unitCode;
    else if (spec.unit !== "generation") property.unitText = unit.text;
    return property;
  }).flatMap((group) => group.rows);
}
