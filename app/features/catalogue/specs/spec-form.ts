import type { SpecGroup } from "./definitions";

/*
 * The back office's product form draws a specification's fields from data its loader sends (specFormsOf in
 * form-values.ts), not from the definitions themselves: the edit page's JavaScript is near its budget, and
 * the definitions would add about 3 KB to it. With JavaScript on, the fields follow the category as it is
 * typed; the server decides what is kept either way.
 */

type SpecFieldBase = {
  code: string;
  label: string;
  group: SpecGroup;
  onlyForType?: string | undefined;
};

/** An attribute as the product form draws it. */
export type SpecField =
  | (SpecFieldBase & {
      kind: "number";
      /** What follows the number ("GB", "inch"); empty when the label says it all. */
      unit: string;
      min: number;
      max: number;
      step: number;
    })
  | (SpecFieldBase & { kind: "choice" | "choices"; options: { code: string; label: string }[] });

/** Every category's fields: the lists once each, and by category name the index of its list. */
export type SpecForms = {
  /** The categories with a specification, as the catalogue names them. */
  categories: readonly string[];
  groups: readonly string[];
  lists: SpecField[][];
  byCategory: Record<string, number>;
};

/** The hidden field that names the attributes the form showed: the server reads only those from the form. */
export const SPEC_FIELDS_NAME = "specFields";

/** A field's name in the form: `spec.ram_gb`, repeated for the options of a "choices" attribute. */
export const specFieldName = (code: string): `spec.${string}` => `spec.${code}`;

/** The fields of a product of this category and type, as `specsFor` in values.ts picks them. */
export function specFieldsOf(forms: SpecForms, category: string, productType: string): SpecField[] {
  // Trimmed as the form's schema trims the category before the server picks the fields.
  const name = category.trim();
  const index = Object.hasOwn(forms.byCategory, name) ? forms.byCategory[name] : undefined;
  const list = index === undefined ? [] : (forms.lists[index] ?? []);
  return list.filter((field) => !field.onlyForType || field.onlyForType === productType);
}

/** The fields in their groups, in the groups' order; empty groups left out. */
export function specFieldGroups(forms: SpecForms, fields: readonly SpecField[]) {
  return forms.groups
    .map((group) => ({ group, fields: fields.filter((field) => field.group === group) }))
    .filter((group) => group.fields.length > 0);
}
