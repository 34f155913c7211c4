import { SAME_CATEGORY, SPEC_CATEGORIES, SPEC_GROUPS, type SpecDefinition } from "./definitions";
import type { SpecField, SpecForms } from "./spec-form";
import {
  type SpecProblem,
  type SpecValue,
  type SpecValues,
  specsFor,
  unitText,
  valueProblem,
} from "./values";

/*
 * The product form's specification fields, read on the server and in the browser's check alike (through the
 * form's schema): one field per attribute, named `spec.<code>`; an empty field means "not stated". The form
 * also says which attributes it showed (`specFields`): only those are read from it, so a form drawn for
 * another category (the category changed with JavaScript off) neither clears nor sets what it did not show.
 */

/** Every category's fields, for the product form (its loader sends them). */
export function specFormsOf(): SpecForms {
  const lists: SpecField[][] = [];
  const indexOf = new Map<readonly SpecDefinition[], number>();
  const byCategory: Record<string, number> = {};
  const names = [...Object.keys(SPEC_CATEGORIES), ...Object.keys(SAME_CATEGORY)];
  for (const name of names) {
    const specs = SPEC_CATEGORIES[SAME_CATEGORY[name] ?? name];
    if (!specs) continue;
    let index = indexOf.get(specs);
    if (index === undefined) {
      index = lists.push(specs.map(fieldOf)) - 1;
      indexOf.set(specs, index);
    }
    byCategory[name] = index;
  }
  return { categories: Object.keys(SPEC_CATEGORIES), groups: SPEC_GROUPS, lists, byCategory };
}

function fieldOf(spec: SpecDefinition): SpecField {
  const base = { code: spec.code, label: spec.label, group: spec.group, onlyForType: spec.onlyForType };
  if (spec.kind === "number") {
    return {
      ...base,
      kind: "number",
      unit: unitText(spec).trim(),
      min: spec.min,
      max: spec.max,
      step: spec.step,
    };
  }
  return {
    ...base,
    kind: spec.kind,
    options: spec.options.map((option) => ({ code: option.code, label: option.label })),
  };
}

/** A stored specification as the form's fields show it: numbers as text, options as their codes. */
export function specFormDefaults(values: SpecValues): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [code, value] of Object.entries(values)) {
    fields[code] = typeof value === "number" ? String(value) : typeof value === "string" ? value : [...value];
  }
  return fields;
}

/** What the form says about the specification. */
export type SpecReading = {
  /** The stated values of the attributes the form showed that apply to the product. */
  values: SpecValues;
  /** The attributes the form showed that apply to the product: what they say replaces what is stored. */
  shown: string[];
  /** The attributes that apply to the product but were not on the form: to fill in on the next visit. */
  unshown: string[];
  problems: SpecProblem[];
};

/** Not a value: the field was left empty. */
const BLANK = Symbol("blank");

/** A number as typed: digits with at most one decimal point, else NaN (which valueProblem names). */
function typedNumber(raw: unknown): number | typeof BLANK {
  if (raw === undefined || raw === null) return BLANK;
  if (typeof raw !== "string") return Number.NaN;
  const text = raw.trim();
  if (text === "") return BLANK;
  return /^\+?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/** What one field gave, in the attribute's kind (or something valueProblem refuses). */
function typedValue(spec: SpecDefinition, raw: unknown): SpecValue | typeof BLANK {
  if (spec.kind === "number") return typedNumber(raw);
  if (spec.kind === "choice") {
    if (raw === undefined || raw === null || raw === "") return BLANK;
    // Two options for one choice, or a file: refused by valueProblem as not an option.
    return typeof raw === "string" ? raw : "";
  }
  const list: unknown[] = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  const chosen = list.filter((item) => item !== "");
  if (chosen.length === 0) return BLANK;
  return [...new Set(chosen.map((item) => (typeof item === "string" ? item : "")))];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Reads the form's `spec` fields for a product of `category` and `productType`: the values of the attributes
 * it showed (`specFields`), each checked as the database would; fields of other attributes are ignored.
 */
export function readSpecForm(form: {
  category?: unknown;
  productType?: unknown;
  spec?: unknown;
  specFields?: unknown;
}): SpecReading {
  // Trimmed as the form's schema trims it: this also reads the form as sent, before the schema.
  const category = typeof form.category === "string" ? form.category.trim() : "";
  const productType = typeof form.productType === "string" ? form.productType : "";
  const listed = typeof form.specFields === "string" ? form.specFields.split(/[\s,]+/) : [];
  const raw = isRecord(form.spec) ? form.spec : {};
  const reading: SpecReading = { values: {}, shown: [], unshown: [], problems: [] };
  const values: Record<string, SpecValue> = {};
  for (const spec of specsFor(category, productType)) {
    if (!listed.includes(spec.code)) {
      reading.unshown.push(spec.code);
      continue;
    }
    reading.shown.push(spec.code);
    const value = typedValue(spec, Object.hasOwn(raw, spec.code) ? raw[spec.code] : undefined);
    if (value === BLANK) continue;
    const message = valueProblem(spec, value);
    if (message) reading.problems.push({ code: spec.code, message });
    else values[spec.code] = value;
  }
  reading.values = values;
  return reading;
}

/**
 * The specification to store: the form's values for the attributes it showed, what is stored for the others
 * that still apply, nothing for those that no longer do (the category or type changed).
 */
export function specsToStore(
  category: string,
  productType: string,
  stored: SpecValues,
  form: { values: SpecValues; shown: readonly string[] } | undefined,
): SpecValues {
  const kept: Record<string, SpecValue> = {};
  for (const { code } of specsFor(category, productType)) {
    const from = form?.shown.includes(code) ? form.values : stored;
    const value = Object.hasOwn(from, code) ? from[code] : undefined;
    if (value !== undefined) kept[code] = value;
  }
  return kept;
}
