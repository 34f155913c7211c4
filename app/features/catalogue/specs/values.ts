import { type SpecDefinition, specsOfCategory } from "./definitions";

/**
 * A product's specification: per attribute code, a number in the attribute's unit ("number"), one option
 * code ("choice") or a list of option codes ("choices"). What the seed writes, the form reads and the
 * database keeps one row per value of.
 */
export type SpecValue = number | string | readonly string[];
export type SpecValues = Readonly<Record<string, SpecValue>>;

/** One problem with one attribute's value, in words the back office shows beside its field. */
export type SpecProblem = { code: string; message: string };

/** The attributes that apply to a product of this category and type, in the order they are shown. */
export function specsFor(category: string, productType: string): readonly SpecDefinition[] {
  return specsOfCategory(category).filter((spec) => !spec.onlyForType || spec.onlyForType === productType);
}

/** Whether `n` is a whole number of the attribute's steps (0.1 inch, 0.01 kg), without float noise. */
function onStep(n: number, step: number): boolean {
  const steps = n / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

export function unitText(spec: SpecDefinition & { kind: "number" }): string {
  return spec.unit === "generation" ? "" : ` ${spec.unit}`;
}

/** The problems of a value, none when it is one the database accepts. */
export function valueProblem(spec: SpecDefinition, value: SpecValue): string | undefined {
  if (spec.kind === "number") {
    if (typeof value !== "number" || !Number.isFinite(value)) return `${spec.label} must be a number.`;
    if (value < spec.min || value > spec.max)
      return `${spec.label} must be from ${spec.min} to ${spec.max}${unitText(spec)}.`;
    if (!onStep(value, spec.step))
      return `${spec.label} must be a multiple of ${spec.step}${unitText(spec)}.`;
    return undefined;
  }
  const codes = spec.options.map((option) => option.code);
  if (spec.kind === "choice") {
    return typeof value === "string" && codes.includes(value)
      ? undefined
      : `Choose a ${spec.label.toLowerCase()}.`;
  }
  if (!Array.isArray(value)) return `Choose one or more: ${spec.label.toLowerCase()}.`;
  const list: readonly unknown[] = value;
  if (list.length === 0 || new Set(list).size !== list.length)
    return `Choose one or more: ${spec.label.toLowerCase()}.`;
  return list.every((code) => typeof code === "string" && codes.includes(code))
    ? undefined
    : `Choose one or more: ${spec.label.toLowerCase()}.`;
}

/** Every problem of a product's specification: unknown attributes, and values of the wrong kind or range. */
export function specProblems(category: string, productType: string, values: SpecValues): SpecProblem[] {
  const specs = specsFor(category, productType);
  const problems: SpecProblem[] = [];
  for (const [code, value] of Object.entries(values)) {
    const spec = specs.find((candidate) => candidate.code === code);
    if (!spec) {
      problems.push({ code, message: `A ${category} product has no ${code.replaceAll("_", " ")}.` });
      continue;
    }
    const message = valueProblem(spec, value);
    if (message) problems.push({ code, message });
  }
  return problems;
}
