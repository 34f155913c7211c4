import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { resetPassword, resetPasswordServerSchema, tokenProblems } from "~/features/accounts/index.server";
import { apiAnswer, apiFail, apiMethodNotAllowed, apiOk, readApiBody } from "~/features/api/index.server";
import { clientAddress } from "~/lib/auth.server";
import { successMessages } from "~/lib/messages";
import { consume, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";

export const loader = () => apiMethodNotAllowed("PUT");

/**
 * PUT /api/user/reset-password/:token: a new password through a reset link's token, as the page takes it
 * (common passwords refused, limited per address). Every session and token of the customer is revoked.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiAnswer(async () => {
    if (request.method !== "PUT") return apiMethodNotAllowed("PUT");
    const { password } = await readApiBody(request, resetPasswordServerSchema);
    const db = await getDb();
    const limit = await consume(db, rateLimits.resetPassword, clientAddress(context));
    if (limit.limited) return apiFail(429, tooManyAttempts(limit));
    const state = await resetPassword(db, params.token ?? "", password);
    return state === "valid"
      ? apiOk({ message: successMessages.passwordChanged })
      : apiFail(410, tokenProblems[state]);
  });
}
