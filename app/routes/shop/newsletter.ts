import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { contactMessages, newsletterMessages } from "~/features/content";
import { newsletterSchema, subscribe } from "~/features/content/index.server";
import { readForm } from "~/lib/read-form.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { toasts } from "~/lib/toast.server";

/** The footer's Subscribe box posts here from every page and goes back where it came from. */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, newsletterSchema);
  const back = safeRedirect(formData.get("redirectTo"));
  const submission = parseWithZod(formData, { schema: newsletterSchema });
  if (submission.status !== "success") {
    const message = submission.error?.email?.[0] ?? contactMessages.emailInvalid;
    return toasts().redirectWithError(back, message, { status: 303 });
  }
  const added = await subscribe(await getDb(), submission.value.email);
  const message = added ? newsletterMessages.subscribed : newsletterMessages.alreadySubscribed;
  return toasts().redirectWithSuccess(back, message, { status: 303 });
}

export function loader() {
  return redirect("/");
}
