import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { endSession } from "~/features/accounts/index.server";

/** LogOut: revokes the session row and clears the cookie, then lands on the home page logged out. */
export async function action({ request }: ActionFunctionArgs) {
  const clear = await endSession(await getDb(), request);
  return redirect("/", { status: 303, headers: { "Set-Cookie": clear } });
}

export function loader() {
  return redirect("/");
}
