import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { accountProblems } from "~/features/accounts";
import { getCustomer, profileSchema, updateProfile } from "~/features/accounts/index.server";
import {
  apiCustomer,
  apiFail,
  apiMethodNotAllowed,
  apiOk,
  customerWrite,
  readApiBody,
} from "~/features/api/index.server";
import { clientAddress } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { describeError } from "~/lib/errors.server";
import { sendAfterAnswer } from "~/lib/mail.server";
import { failureMessages, successMessages } from "~/lib/messages";
import { tooManyAttempts } from "~/lib/rate-limit.server";

export const loader = () => apiMethodNotAllowed("PUT");

/**
 * PUT /api/user/edit-user: names, e-mail and mobile, checked by the profile form's schema. A new e-mail or
 * mobile needs `currentPassword` as on the page, and revokes the customer's other sessions and tokens (not
 * this one) and open reset links; a notice goes to the old address.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return customerWrite(request, clientAddress(context), "PUT", async (customer) => {
    const values = await readApiBody(request, profileSchema);
    const db = await getDb();
    try {
      const updated = await updateProfile(db, customer.id, values, {
        request,
        session: "api",
        baseUrl: config().publicUrl,
        send: sendAfterAnswer("the notice of a changed email or mobile number"),
      });
      if (!updated.ok) {
        switch (updated.problem) {
          case "emailTaken":
            return apiFail(409, accountProblems.emailUsedElsewhere);
          case "passwordRequired":
            return apiFail(400, accountProblems.currentPasswordRequired);
          // 400, not 401: the token is good, the password typed is not.
          case "wrongPassword":
            return apiFail(400, accountProblems.currentPasswordWrong);
          case "tooManyAttempts":
            return apiFail(429, tooManyAttempts(updated));
        }
      }
    } catch (error) {
      console.error(`Could not update a profile: ${describeError(error)}`);
      return apiFail(503, failureMessages.somethingWentWrong);
    }
    const now = await getCustomer(db, customer.id);
    return apiOk({ ...apiCustomer(now ?? customer), message: successMessages.profileUpdated });
  });
}
