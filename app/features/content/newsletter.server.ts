import { and, asc, count, desc, eq, ilike, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { toCsv } from "~/lib/csv";
import { formatSortableDate } from "~/lib/dates";
import { pageCount } from "~/lib/list-query";
import { escapeLike } from "~/lib/search-text";
import { SUBSCRIBERS_PAGE_SIZE, type SubscriberListFilters } from "./content-lists";

/**
 * Subscribes an address, from the shop's newsletter box. Returns true when the address is now subscribed and
 * was not before: new, or unsubscribed by the back office earlier (signing up again re-subscribes it, and it
 * counts as subscribed from now on). False when it was already on the list.
 */
export async function subscribe(db: Database, email: string, now = new Date()): Promise<boolean> {
  const added = await db
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase(), createdAt: now })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { unsubscribedAt: null, createdAt: now },
      // Only an unsubscribed address changes: one still subscribed keeps the date it signed up.
      setWhere: isNotNull(newsletterSubscribers.unsubscribedAt),
    })
    .returning({ id: newsletterSubscribers.id });
  return added.length > 0;
}

// ---------------------------------------------------------------------------------------------------------
// The back office's list: every change is recorded in the audit trail, in the change's own transaction.

export type Subscriber = {
  id: number;
  email: string;
  /** When the address signed up (or signed up again after being unsubscribed). */
  createdAt: Date;
  unsubscribedAt: Date | null;
};

export type SubscriberList = {
  rows: Subscriber[];
  /** Rows matching the search (subscribed or not), for the pages. */
  total: number;
  page: number;
  pages: number;
  /** The whole list, whatever the search. */
  subscribed: number;
  unsubscribed: number;
};

/** Every address, newest first, searched by any part of the address, a page at a time. */
export async function listSubscribers(db: Database, filters: SubscriberListFilters): Promise<SubscriberList> {
  const where = filters.q ? ilike(newsletterSubscribers.email, `%${escapeLike(filters.q)}%`) : undefined;
  const [[matching], [states]] = await Promise.all([
    db.select({ n: count() }).from(newsletterSubscribers).where(where),
    db
      .select({
        subscribed:
          sql<number>`count(*) FILTER (WHERE ${newsletterSubscribers.unsubscribedAt} IS NULL)`.mapWith(
            Number,
          ),
        unsubscribed:
          sql<number>`count(*) FILTER (WHERE ${newsletterSubscribers.unsubscribedAt} IS NOT NULL)`.mapWith(
            Number,
          ),
      })
      .from(newsletterSubscribers),
  ]);
  const total = matching?.n ?? 0;
  const pages = pageCount(total, SUBSCRIBERS_PAGE_SIZE);
  const page = Math.min(filters.page, pages);
  const rows = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      createdAt: newsletterSubscribers.createdAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE);
  return {
    rows,
    total,
    page,
    pages,
    subscribed: states?.subscribed ?? 0,
    unsubscribed: states?.unsubscribed ?? 0,
  };
}

export type UnsubscribeResult = { ok: true; email: string } | { ok: false; problem: "not-found" };

/**
 * The back office unsubscribes an address: it stays on the list, shown as unsubscribed, and is left out of
 * the export until it signs up again. Unsubscribing it twice changes and records nothing.
 */
export async function unsubscribe(
  db: Database,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<UnsubscribeResult> {
  return db.transaction(async (tx) => {
    const [subscriber] = await tx
      .select({ email: newsletterSubscribers.email, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id))
      .for("update");
    if (!subscriber) return { ok: false, problem: "not-found" };
    if (subscriber.unsubscribedAt === null) {
      await tx
        .update(newsletterSubscribers)
        .set({ unsubscribedAt: now })
        .where(and(eq(newsletterSubscribers.id, id), isNull(newsletterSubscribers.unsubscribedAt)));
      await recordAudit(tx, actor, "newsletter.unsubscribe", `subscriber ${id}`, { email: subscriber.email });
    }
    return { ok: true, email: subscriber.email };
  });
}

export const SUBSCRIBERS_CSV_HEADER = ["Email", "Subscribed since (India time)"] as const;

/**
 * The subscribed addresses as a CSV file (unsubscribed ones left out), oldest first, safe to open in a
 * spreadsheet (see app/lib/csv.ts).
 */
export async function subscribersCsv(db: Database): Promise<string> {
  const rows = await db
    .select({ email: newsletterSubscribers.email, createdAt: newsletterSubscribers.createdAt })
    .from(newsletterSubscribers)
    .where(isNull(newsletterSubscribers.unsubscribedAt))
    .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
  return toCsv(
    SUBSCRIBERS_CSV_HEADER,
    rows.map((row) => [row.email, formatSortableDate(row.createdAt)]),
  );
}
