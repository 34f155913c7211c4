import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { apiAnswer, apiFail, apiMethodNotAllowed, apiOk, readApiBody } from "~/features/api/index.server";
import { contactSchema, createEnquiry } from "~/features/content/index.server";
import { clientAddress } from "~/lib/auth.server";
import { describeError } from "~/lib/errors.server";
import { failureMessages, successMessages } from "~/lib/messages";
import { consume, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";

export const loader = () => apiMethodNotAllowed("POST");

/** POST /api/enquiry: the contact form's enquiry, checked and limited as the contact page's. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiAnswer(async () => {
    if (request.method !== "POST") return apiMethodNotAllowed("POST");
    const enquiry = await readApiBody(request, contactSchema);
    const db = await getDb();
    for (const [rule, subject] of [
      [rateLimits.contactEmail, enquiry.email.toLowerCase()],
      [rateLimits.contact, clientAddress(context)],
    ] as const) {
      const limit = await consume(db, rule, subject);
      if (limit.limited) return apiFail(429, tooManyAttempts(limit));
    }
    try {
      await createEnquiry(db, enquiry);
    } catch (error) {
      console.error(`Could not store a contact enquiry: ${describeError(error)}`);
      return apiFail(503, failureMessages.enquiryFailed);
    }
    return apiOk({ message: successMessages.enquirySent }, 201);
  });
}
