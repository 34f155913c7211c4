import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { accountProblems } from "~/features/accounts";
import { staffMessages } from "~/features/staff";
import {
  authenticateStaff,
  staffCookieHeaders,
  staffLoginSchema,
  startStaffSession,
} from "~/features/staff/index.server";
import { clientAddress } from "~/lib/auth.server";
import { replyBusy, replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { claimLoginAttempt, loginSucceeded, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/read-form.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { toasts } from "~/lib/toast.server";
import { ServiceBusyError } from "~/lib/work-gate.server";

/** Where to go after logging in: a back-office page, never anywhere else. */
function backOfficePath(to: FormDataEntryValue | null): string {
  const path = safeRedirect(to, "/admin");
  return /^\/admin(?:[/?#]|$)/.test(path) && !path.startsWith("/admin/login") ? path : "/admin";
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request, staffLoginSchema);
  const submission = parseWithZod(formData, { schema: staffLoginSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  const db = await getDb();
  const { email, password } = submission.value;
  // Counted before the password is hashed, as for customers, in the staff's own backoff bucket.
  const subject = `staff:${email}`;
  const attempt = await claimLoginAttempt(
    db,
    { email: subject, client: clientAddress(context) },
    new Date(),
    {
      global: rateLimits.staffLoginGlobal,
      client: rateLimits.staffLoginClient,
    },
  );
  if (!attempt.allowed)
    return replyWithError(submission, tooManyAttempts(attempt), { status: 429, hideFields });
  let member: Awaited<ReturnType<typeof authenticateStaff>>;
  try {
    member = await authenticateStaff(db, email, password);
  } catch (error) {
    if (!(error instanceof ServiceBusyError)) throw error;
    return replyBusy(submission, error, hideFields);
  }
  if (!member) return replyWithError(submission, accountProblems.badCredentials, { status: 401, hideFields });
  await loginSucceeded(db, subject);
  const cookie = await startStaffSession(db, member.id);
  const to = backOfficePath(new URL(request.url).searchParams.get("redirectTo"));
  return toasts().redirectWithSuccess(to, staffMessages.loggedIn, {
    status: 303,
    headers: staffCookieHeaders(cookie),
  });
}
