import { useId } from "react";
import { FieldFrame } from "~/components/forms/FieldFrame";

/**
 * One filter of a back-office list, in its GET form (so it works without JavaScript): a labelled select whose
 * first option (`everything`, e.g. "All posts") filters nothing.
 */
export function FilterSelect({
  label,
  name,
  value,
  everything,
  options,
}: {
  label: string;
  name: string;
  value: string | number | null | undefined;
  everything: string;
  options: readonly { value: string | number; label: string }[];
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label}>
      <select id={id} name={name} defaultValue={value ?? ""}>
        <option value="">{everything}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The options of a select from a list of values and their labels. */
export function optionsOf<T extends string>(values: readonly T[], label: (value: T) => string) {
  return values.map((value) => ({ value, label: label(value) }));
}
