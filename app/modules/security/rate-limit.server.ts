import { and, count, eq, gt, lt, min } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";

export type RateLimitRule = { bucket: string; limit: number; windowMinutes: number };

/** The shop's limits. Rows live in the database, so several instances of the shop share them. */
export const rateLimits = {
  /** Failed log-ins per e-mail address. */
  loginFailures: { bucket: "login-failure", limit: 5, windowMinutes: 15 },
  /** New accounts per client address. */
  signup: { bucket: "signup", limit: 5, windowMinutes: 60 },
  /** Reset mails per e-mail address, and per client address. */
  forgotPasswordEmail: { bucket: "forgot-password-email", limit: 3, windowMinutes: 15 },
  forgotPasswordClient: { bucket: "forgot-password-client", limit: 10, windowMinutes: 15 },
  /** Reset attempts (new password submitted) per client address. */
  resetPassword: { bucket: "reset-password", limit: 10, windowMinutes: 15 },
  /** Contact enquiries per client address. */
  contact: { bucket: "contact", limit: 5, windowMinutes: 10 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitStatus = { limited: false } | { limited: true; retryAfterMinutes: number };

function windowStart(rule: RateLimitRule, now: Date): Date {
  return new Date(now.getTime() - rule.windowMinutes * 60_000);
}

/** Whether `subject` has used up `rule` already (nothing is counted). */
export async function checkLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitStatus> {
  const [row] = await db
    .select({ hits: count(), oldest: min(rateLimitHits.createdAt) })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, rule.bucket),
        eq(rateLimitHits.subject, subject),
        gt(rateLimitHits.createdAt, windowStart(rule, now)),
      ),
    );
  if (!row || row.hits < rule.limit || !row.oldest) return { limited: false };
  // The window frees a slot when its oldest hit ages out.
  const freeAt = new Date(row.oldest).getTime() + rule.windowMinutes * 60_000;
  return { limited: true, retryAfterMinutes: Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000)) };
}

/** Counts one hit for `subject` and forgets its hits that have left the window. */
export async function recordHit(db: Database, rule: RateLimitRule, subject: string, now = new Date()) {
  await db.insert(rateLimitHits).values({ bucket: rule.bucket, subject, createdAt: now });
  await db
    .delete(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, rule.bucket),
        eq(rateLimitHits.subject, subject),
        lt(rateLimitHits.createdAt, windowStart(rule, now)),
      ),
    );
}

/**
 * Counts a hit and says whether it was allowed: the hit is stored first and then counted, so two instances
 * racing each other cannot both slip past the limit.
 */
export async function consume(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitStatus> {
  await recordHit(db, rule, subject, now);
  const status = await checkLimit(db, { ...rule, limit: rule.limit + 1 }, subject, now);
  return status;
}

/** Forgets every hit of `subject` (a successful log-in clears its failures). */
export async function clearHits(db: Database, rule: RateLimitRule, subject: string) {
  await db
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject)));
}

/** The message shown when a limit is reached. */
export function tooManyAttempts(status: { retryAfterMinutes: number }): string {
  const minutes = status.retryAfterMinutes === 1 ? "1 minute" : `${status.retryAfterMinutes} minutes`;
  return `Too many attempts. Please try again in ${minutes}.`;
}
