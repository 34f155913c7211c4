import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { forgotPasswordSchema, requestPasswordReset } from "~/features/accounts/index.server";
import { apiAnswer, apiFail, apiMethodNotAllowed, apiOk, readApiBody } from "~/features/api/index.server";
import { clientAddress } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { describeError, isDatabaseUnavailable } from "~/lib/errors.server";
import { sendAfterAnswer } from "~/lib/mail.server";
import { failureMessages, successMessages } from "~/lib/messages";
import { consume, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";

export const loader = () => apiMethodNotAllowed("POST");

/**
 * POST /api/user/forgot-password-token: mails a reset link, limited per address and per e-mail as the page is,
 * and answered the same whether or not the address has an account. The link opens the client app's
 * reset-password/<token> page at API_CLIENT_URL, or the shop's own page when that is not set.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiAnswer(async () => {
    if (request.method !== "POST") return apiMethodNotAllowed("POST");
    const { email } = await readApiBody(request, forgotPasswordSchema);
    const db = await getDb();
    for (const [rule, subject] of [
      [rateLimits.forgotPasswordClient, clientAddress(context)],
      [rateLimits.forgotPasswordEmail, email],
    ] as const) {
      const limit = await consume(db, rule, subject);
      if (limit.limited) return apiFail(429, tooManyAttempts(limit));
    }
    try {
      const { publicUrl, apiClientUrl } = config();
      await requestPasswordReset(db, email, {
        baseUrl: publicUrl,
        // The client app's own reset page when the dealer set its address (API_CLIENT_URL), from the
        // configuration alone: nothing in the request (Origin, Host, the body) decides where the link goes.
        page: apiClientUrl && new URL("reset-password/", apiClientUrl).toString(),
        send: sendAfterAnswer("a password reset mail"),
      });
    } catch (error) {
      // The database down is the API's 503 with Retry-After (apiAnswer), as for every call.
      if (isDatabaseUnavailable(error)) throw error;
      console.error(`Could not start a password reset: ${describeError(error)}`);
      return apiFail(503, failureMessages.somethingWentWrong);
    }
    return apiOk({ message: successMessages.resetMailSent });
  });
}
