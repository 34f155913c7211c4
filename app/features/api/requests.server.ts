import { z } from "zod";
import { getDb } from "~/db/db.server";
import { getApiCustomer, type SessionCustomer } from "~/features/accounts/index.server";
import { DATABASE_RETRY_AFTER_SECONDS, describeError, isDatabaseUnavailable } from "~/lib/errors.server";
import { consume, type RateLimitRule, rateLimits, tooManyAttempts } from "~/lib/rate-limit.server";
import { readJson } from "~/lib/read-form.server";
import { ServiceBusyError } from "~/lib/work-gate.server";
import { apiFail, apiMethodNotAllowed, asApiFailure } from "./answers.server";
import { apiMessages } from "./messages";

/**
 * Runs one call's work and answers its refusals in the API's shape: a thrown 4xx (the API's own, or one from
 * the shop's readers) becomes `{status: "fail", message}`, and so does a 503 with Retry-After while the shop
 * cannot answer (the database unreachable, the password work full), as the pages answer 503; any other server
 * error stays one.
 */
export async function apiAnswer(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (thrown) {
    if (isDatabaseUnavailable(thrown)) {
      // As handleError (app/entry.server.tsx) logs a page's: one line, no secret, no path (a reset token).
      console.error(`[503] database unavailable during a JSON API call: ${describeError(thrown)}`);
      const down = apiFail(503, apiMessages.unavailable);
      down.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      return down;
    }
    // The password work queue is full (log-in, sign-up, a reset): come back shortly, as the pages say.
    if (thrown instanceof ServiceBusyError) {
      const busy = apiFail(503, thrown.message);
      busy.headers.set("Retry-After", String(thrown.retryAfterSeconds));
      return busy;
    }
    return asApiFailure(thrown);
  }
}

/** The customer whose bearer token the call carries; a missing, expired or revoked token is a 401. */
export async function requireApiCustomer(request: Request): Promise<SessionCustomer> {
  const customer = await getApiCustomer(await getDb(), request);
  if (!customer) throw apiFail(401, apiMessages.unauthorised);
  return customer;
}

/**
 * The call's JSON body checked by `schema` (the features' own schemas, so their messages): the first problem
 * is a 400. A body that is not a JSON object is one too; too large a body is the shop's 413.
 */
export async function readApiBody<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.output<T>> {
  const body = await readJson(request);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw apiFail(400, apiMessages.notJson);
  }
  let parsed: z.SafeParseReturnType<unknown, z.output<T>>;
  try {
    parsed = schema.safeParse(asFormValues(body));
  } catch {
    // An object where a form has text ({"prodId": {"toString": 5}}) fails in a coercion, not a check.
    throw apiFail(400, apiMessages.notJson);
  }
  if (!parsed.success) throw apiFail(400, refusalOf(parsed.error.issues[0]));
  return parsed.data;
}

/**
 * What a refused body is told: the schema's own words where it has them (the form's messages, which name what
 * is wrong). Zod's words alone ("Required", "Expected object, received string") do not say which field, so the
 * field is named with them.
 */
function refusalOf(issue: z.ZodIssue | undefined): string {
  if (!issue) return apiMessages.notJson;
  const field = issue.path.join(".");
  const zodsOwnWords = z.defaultErrorMap(issue, { data: undefined, defaultError: "" }).message;
  if (field === "" || issue.message !== zodsOwnWords) return issue.message;
  return issue.code === z.ZodIssueCode.invalid_type && issue.received === "undefined"
    ? apiMessages.fieldRequired(field)
    : apiMessages.fieldRefused(field, issue.message);
}

/**
 * Numbers and true/false as the text a form sends: the features' schemas are their forms', which coerce and
 * check text, so `"quantity": 2` and `"quantity": "2"`, `"mobile": 9845012345` and `"9845012345"` read alike.
 */
function asFormValues(value: unknown, depth = 0): unknown {
  // No call takes more than an object in an object (the checkout's address): a deeper body is refused, not walked.
  if (depth > MAX_BODY_DEPTH) throw apiFail(400, apiMessages.notJson);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map((item) => asFormValues(item, depth + 1));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, asFormValues(inner, depth + 1)]),
    );
  }
  return value;
}

const MAX_BODY_DEPTH = 4;

/**
 * Counts a call that changes something, per client address and per customer, as the pages' limits count
 * per account and address (decision 0014): a 429 past either.
 */
export async function countApiWrite(
  clientAddress: string,
  customer: { id: number } | undefined,
): Promise<void> {
  const db = await getDb();
  const checks: [RateLimitRule, string][] = [[rateLimits.apiClient, clientAddress]];
  if (customer) checks.push([rateLimits.apiCustomer, String(customer.id)]);
  for (const [rule, subject] of checks) {
    const status = await consume(db, rule, subject);
    if (status.limited) throw apiFail(429, tooManyAttempts(status));
  }
}

/**
 * A call that changes a customer's things: only `method`; a live bearer token; counted per address and per
 * customer; then `work` for that customer, its refusals answered in the API's shape.
 */
export function customerWrite(
  request: Request,
  clientAddress: string,
  method: "POST" | "PUT" | "DELETE",
  work: (customer: SessionCustomer) => Promise<Response>,
  allowed: string = method,
): Promise<Response> {
  return apiAnswer(async () => {
    if (request.method !== method) return apiMethodNotAllowed(allowed);
    const customer = await requireApiCustomer(request);
    await countApiWrite(clientAddress, customer);
    return work(customer);
  });
}
