/*
 * The page's scripts load once it has painted (docs/decisions/0033), so a shopper on a slow phone may choose a
 * filter, a quantity or a delivery option before they run. The page then works as it does without JavaScript;
 * these helpers let a component, once hydrated, pick up what the shopper changed meanwhile instead of losing
 * it. The script that arms hydration records every control the shopper types in or changes until then, so a
 * value the browser restored on its own (back, forward, reload) is not taken for the shopper's choice.
 */

/** The window property holding the controls touched before hydration (a WeakSet), set by the arming script. */
export const TOUCHED_BEFORE_HYDRATION = "__touchedBeforeHydration";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isControl(element: Element): element is Control {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  );
}

function touchedBeforeHydration(control: Control): boolean {
  const touched: unknown = Reflect.get(window, TOUCHED_BEFORE_HYDRATION);
  return touched instanceof WeakSet && touched.has(control);
}

/** Whether the shopper changed this control before hydration and it no longer holds what the server rendered. */
export function changedSinceRender(control: Control): boolean {
  if (!touchedBeforeHydration(control)) return false;
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

/** The names of the form's controls (its `form`-attribute members too) that the shopper changed before hydration. */
export function namesChangedSinceRender(form: HTMLFormElement): Set<string> {
  const names = new Set<string>();
  for (const element of form.elements) {
    if (isControl(element) && element.name && changedSinceRender(element)) names.add(element.name);
  }
  return names;
}
