/*
 * The page's scripts load once it has painted (docs/decisions/0033), so a shopper on a slow phone may choose a
 * filter, a quantity or a delivery option before they run. The page then works as it does without JavaScript;
 * these helpers let a component, once hydrated, pick up what was changed meanwhile instead of losing it.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isControl(element: Element): element is Control {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  );
}

/** Whether the shopper changed this control since the server rendered it (single selects, boxes, fields). */
export function changedSinceRender(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    const rendered = Math.max(
      0,
      [...control.options].findIndex((option) => option.defaultSelected),
    );
    return control.selectedIndex !== rendered;
  }
  if (control instanceof HTMLInputElement && (control.type === "radio" || control.type === "checkbox")) {
    return control.checked !== control.defaultChecked;
  }
  return control.value !== control.defaultValue;
}

/** The names of the form's controls (its `form`-attribute members too) that the shopper changed since render. */
export function namesChangedSinceRender(form: HTMLFormElement): Set<string> {
  const names = new Set<string>();
  for (const element of form.elements) {
    if (isControl(element) && element.name && changedSinceRender(element)) names.add(element.name);
  }
  return names;
}
