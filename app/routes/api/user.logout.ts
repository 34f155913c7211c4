import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { endApiSession } from "~/features/accounts/index.server";
import {
  apiAnswer,
  apiMessages,
  apiMethodNotAllowed,
  apiOk,
  requireApiCustomer,
} from "~/features/api/index.server";

export const loader = () => apiMethodNotAllowed("POST");

/** POST /api/user/logout: revokes the bearer token the call carries (the earlier shop only forgot it). */
export async function action({ request }: ActionFunctionArgs) {
  return apiAnswer(async () => {
    if (request.method !== "POST") return apiMethodNotAllowed("POST");
    await requireApiCustomer(request);
    await endApiSession(await getDb(), request);
    return apiOk({ message: apiMessages.loggedOut });
  });
}
