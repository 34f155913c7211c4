import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { accountProblems } from "~/features/accounts";
import { createCustomer, signupServerSchema, startApiSession } from "~/features/accounts/index.server";
import {
  apiAnswer,
  apiCustomer,
  apiFail,
  apiMethodNotAllowed,
  apiOk,
  readApiBody,
} from "~/features/api/index.server";
import { clientAddress } from "~/lib/auth.server";
import { successMessages } from "~/lib/messages";
import { consume, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";

export const loader = () => apiMethodNotAllowed("POST");

/**
 * POST /api/user/register: the sign-up form's fields, checked by its schema (common passwords refused) and
 * limited per address as the page is. The new customer comes back signed in, with a bearer token.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiAnswer(async () => {
    if (request.method !== "POST") return apiMethodNotAllowed("POST");
    const { redirectTo: _, ...values } = await readApiBody(request, signupServerSchema);
    const db = await getDb();
    const limit = await consume(db, rateLimits.signup, clientAddress(context));
    if (limit.limited) return apiFail(429, tooManyAttempts(limit));
    const created = await createCustomer(db, values);
    if (!created.ok) return apiFail(409, accountProblems.emailTaken);
    const token = await startApiSession(db, created.customer.id);
    return apiOk({ ...apiCustomer(created.customer, token), message: successMessages.userCreated }, 201);
  });
}
