import { useFormAction, useNavigation } from "@remix-run/react";

const pathOf = (action: string) => new URL(action, "http://shop.invalid").pathname.toLowerCase();

/**
 * Whether a form of this route (or the one posting to `formAction`) is on its way: submitting, or loading the
 * page it was sent to. `intent` narrows it to one submit button of a page with several forms. The one way the
 * shop's buttons say "Sending…".
 */
export function useIsPending({
  formAction,
  intent,
  state = "non-idle",
}: {
  formAction?: string;
  intent?: string;
  state?: "submitting" | "loading" | "non-idle";
} = {}): boolean {
  const contextualAction = useFormAction();
  const navigation = useNavigation();
  const inState = state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  if (!inState || navigation.formMethod !== "POST" || navigation.formAction === undefined) return false;
  if (pathOf(navigation.formAction) !== pathOf(formAction ?? contextualAction)) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}
