import { json } from "@remix-run/node";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { replyBusy, replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { consume, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";
import { ServiceBusyError } from "~/lib/work-gate.server";
import { staffMessages } from "./messages";
import type { CreateResult, LinkState } from "./staff.server";
import { staffCookieHeaders, startStaffSession } from "./staff-session.server";

/*
 * The two pages behind a link that ends in a password and a staff session: the first run's owner set-up
 * (/admin/setup/<token>) and an invitation or new-password link (/admin/invite/<token>). They differ in the
 * link they use up and the fields they ask for; the answers are these.
 */

/** Why a link does not work, worded for its page. */
export type LinkProblems = Record<Exclude<LinkState, "valid">, string>;

export const linkProblems = {
  setup: {
    unknown: staffMessages.setupUnknown,
    expired: staffMessages.setupExpired,
    used: staffMessages.setupUsed,
  },
  invite: {
    unknown: staffMessages.inviteUnknown,
    expired: staffMessages.inviteExpired,
    used: staffMessages.inviteUsed,
  },
} satisfies Record<string, LinkProblems>;

/**
 * The page's data: why the link does not work (410), or what its form needs, with `extra` (the invited
 * member) between the two.
 */
export function passwordLinkPage<Extra extends Record<string, unknown>>(
  problem: string | null,
  schema: z.ZodTypeAny,
  extra: Extra,
) {
  return json(
    { problem, ...extra, constraint: getZodConstraint(schema) },
    { status: problem === null ? 200 : 410 },
  );
}

/**
 * Uses the link with the posted form, once, and signs the member in: the form checked by `serverSchema`
 * (which also refuses common passwords), the client's tries limited, a full password queue answered 503, a
 * link that no longer works 410 (with `emailTaken` where the address is someone's already), and on success
 * the dashboard with `done` as its toast. The password never comes back to the page.
 */
export async function setPasswordFromLink<Schema extends z.ZodTypeAny>(
  { request, token, client }: { request: Request; token: string; client: string },
  link: {
    /** The form's schema: the fields read from the post. */
    schema: z.ZodTypeAny;
    serverSchema: Schema;
    use: (db: Database, token: string, value: z.output<Schema>) => Promise<CreateResult>;
    problems: LinkProblems;
    /** The message when the address is taken; without one, the link's "unknown". */
    emailTaken?: string;
    done: string;
  },
) {
  const formData = await readForm(request, link.schema);
  const submission = parseWithZod(formData, { schema: link.serverSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return replyInvalid(submission, { hideFields });
  const db = await getDb();
  const limit = await consume(db, rateLimits.staffLinks, client);
  if (limit.limited) return replyWithError(submission, tooManyAttempts(limit), { status: 429, hideFields });
  let used: CreateResult;
  try {
    used = await link.use(db, token, submission.value);
  } catch (error) {
    if (!(error instanceof ServiceBusyError)) throw error;
    return replyBusy(submission, error, hideFields);
  }
  if (!used.ok) {
    const message =
      used.problem === "email-taken" && link.emailTaken
        ? link.emailTaken
        : link.problems[
            used.problem === "valid" || used.problem === "email-taken" ? "unknown" : used.problem
          ];
    return replyWithError(submission, message, { status: 410, hideFields });
  }
  const cookie = await startStaffSession(db, used.member.id);
  return toasts().redirectWithSuccess("/admin", link.done, {
    status: 303,
    headers: staffCookieHeaders(cookie),
  });
}
