import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { staffMessages } from "~/features/staff";
import { endStaffSession, staffCookieHeaders } from "~/features/staff/index.server";
import { toasts } from "~/lib/toast.server";

/** Log out of the back office: the session row goes, the cookie is cleared. */
export async function action({ request }: ActionFunctionArgs) {
  const clear = await endStaffSession(await getDb(), request);
  return toasts().redirectWithSuccess("/admin/login", staffMessages.loggedOut, {
    status: 303,
    headers: staffCookieHeaders(clear),
  });
}

export function loader() {
  return redirect("/admin");
}
