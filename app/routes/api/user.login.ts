import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { accountProblems } from "~/features/accounts";
import { authenticate, loginSchema, startApiSession } from "~/features/accounts/index.server";
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
import { claimLoginAttempt, loginSucceeded, tooManyAttempts } from "~/lib/rate-limit.server";

export const loader = () => apiMethodNotAllowed("POST");

/**
 * POST /api/user/login: e-mail and password, through the log-in form's limits (claimed before the password is
 * hashed) and its password gate. The customer comes back with a new bearer token.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiAnswer(async () => {
    if (request.method !== "POST") return apiMethodNotAllowed("POST");
    const { email, password } = await readApiBody(request, loginSchema);
    const db = await getDb();
    const attempt = await claimLoginAttempt(db, { email, client: clientAddress(context) });
    if (!attempt.allowed) return apiFail(429, tooManyAttempts(attempt));
    // A full password queue throws ServiceBusyError: apiAnswer says so, with Retry-After.
    const customer = await authenticate(db, email, password);
    if (!customer) return apiFail(401, accountProblems.badCredentials);
    await loginSucceeded(db, email);
    const token = await startApiSession(db, customer.id);
    return apiOk({ ...apiCustomer(customer, token), message: successMessages.loggedIn });
  });
}
