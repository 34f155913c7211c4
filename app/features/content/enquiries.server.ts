import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { enquiries, enquiryReplies } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { pageCount } from "~/lib/list-query";
import { normaliseIndianMobile } from "~/lib/mobile";
import { ENQUIRIES_PAGE_SIZE, type EnquiryListFilters } from "./content-lists";

export type NewEnquiry = { name: string; email: string; mobile: string; comment: string };

/**
 * Stores a Contact Us enquiry. The values are trimmed and the mobile number is kept as its bare 10 digits;
 * callers validate first (contactSchema), so a mobile that is not an Indian mobile number is a programming error.
 */
export async function createEnquiry(db: Database, input: NewEnquiry) {
  const mobile = normaliseIndianMobile(input.mobile);
  if (mobile === undefined) throw new Error("createEnquiry: the mobile number is not a valid Indian mobile");
  const [row] = await db
    .insert(enquiries)
    .values({
      name: input.name.trim(),
      email: input.email.trim(),
      mobile,
      comment: input.comment.trim(),
    })
    .returning();
  if (!row) throw new Error("createEnquiry: the enquiry was not stored");
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// The back office's inbox: every change is recorded in the audit trail, in the change's own transaction.

export type Enquiry = {
  id: number;
  name: string;
  email: string;
  mobile: string;
  comment: string;
  createdAt: Date;
  /** Null until a staff member opens it (or after "Mark as unread"). */
  readAt: Date | null;
};

export type EnquiryListRow = Enquiry & { replies: number };

export type EnquiryList = {
  rows: EnquiryListRow[];
  total: number;
  page: number;
  pages: number;
  /** Unread enquiries in the whole inbox, whatever the filter. */
  unread: number;
};

const enquiryColumns = {
  id: enquiries.id,
  name: enquiries.name,
  email: enquiries.email,
  mobile: enquiries.mobile,
  comment: enquiries.comment,
  createdAt: enquiries.createdAt,
  readAt: enquiries.readAt,
};

const unread = isNull(enquiries.readAt);

function viewCondition(show: EnquiryListFilters["show"]): SQL | undefined {
  if (show === "unread") return unread;
  if (show === "read") return isNotNull(enquiries.readAt);
  return undefined;
}

/** The inbox: unread enquiries first, then the newest, a page at a time, with how many replies each has. */
export async function listEnquiries(db: Database, filters: EnquiryListFilters): Promise<EnquiryList> {
  const where = viewCondition(filters.show);
  const [[counted], [unreadCount]] = await Promise.all([
    db.select({ n: count() }).from(enquiries).where(where),
    db.select({ n: count() }).from(enquiries).where(unread),
  ]);
  const total = counted?.n ?? 0;
  const pages = pageCount(total, ENQUIRIES_PAGE_SIZE);
  const page = Math.min(filters.page, pages);
  // Columns written with their tables: inside a subquery drizzle would leave them bare, and a bare "id" is the reply's.
  const replies = sql<number>`(SELECT count(*) FROM ${enquiryReplies} WHERE ${enquiryReplies}.${sql.identifier(enquiryReplies.enquiryId.name)} = ${enquiries}.${sql.identifier(enquiries.id.name)})`;
  const rows = await db
    .select({ ...enquiryColumns, replies: replies.mapWith(Number) })
    .from(enquiries)
    .where(where)
    .orderBy(sql`${enquiries.readAt} IS NULL DESC`, desc(enquiries.createdAt), desc(enquiries.id))
    .limit(ENQUIRIES_PAGE_SIZE)
    .offset((page - 1) * ENQUIRIES_PAGE_SIZE);
  return { rows, total, page, pages, unread: unreadCount?.n ?? 0 };
}

export type EnquiryReply = { id: number; staffName: string; body: string; createdAt: Date };

export type OpenedEnquiry = Enquiry & { replies: EnquiryReply[] };

async function repliesTo(db: Pick<Database, "select">, id: number): Promise<EnquiryReply[]> {
  return db
    .select({
      id: enquiryReplies.id,
      staffName: enquiryReplies.staffName,
      body: enquiryReplies.body,
      createdAt: enquiryReplies.createdAt,
    })
    .from(enquiryReplies)
    .where(eq(enquiryReplies.enquiryId, id))
    .orderBy(asc(enquiryReplies.createdAt), asc(enquiryReplies.id));
}

/**
 * A staff member opens an enquiry: it is marked read (the first opening is recorded), and comes back with its
 * replies. Null when the id is unknown.
 */
export async function openEnquiry(
  db: Database,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<OpenedEnquiry | null> {
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(enquiries)
      .set({ readAt: now })
      .where(and(eq(enquiries.id, id), unread))
      .returning({ id: enquiries.id });
    if (marked) await recordAudit(tx, actor, "enquiry.read", `enquiry ${id}`);
    const [enquiry] = await tx.select(enquiryColumns).from(enquiries).where(eq(enquiries.id, id)).limit(1);
    if (!enquiry) return null;
    return { ...enquiry, replies: await repliesTo(tx, id) };
  });
}

/** "Mark as unread": the enquiry goes back to the top of the inbox and counts as unread on the dashboard. */
export async function markEnquiryUnread(db: Database, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [enquiry] = await tx
      .select({ readAt: enquiries.readAt })
      .from(enquiries)
      .where(eq(enquiries.id, id))
      .for("update");
    if (!enquiry) return false;
    if (enquiry.readAt === null) return true;
    await tx.update(enquiries).set({ readAt: null }).where(eq(enquiries.id, id));
    await recordAudit(tx, actor, "enquiry.unread", `enquiry ${id}`);
    return true;
  });
}

export type RecordedReply = {
  replyId: number;
  /** What the reply mail needs: who wrote, and what they wrote. */
  enquiry: Pick<Enquiry, "id" | "name" | "email" | "comment" | "createdAt">;
};

/**
 * Records a reply to an enquiry (who, when, what) and marks the enquiry read, before the mail goes out: the
 * caller sends it after this commits, and withdraws the reply if the mail cannot be sent. Null when the
 * enquiry is unknown.
 */
export async function recordEnquiryReply(
  db: Database,
  actor: Actor,
  id: number,
  reply: { subject: string; message: string },
  now = new Date(),
): Promise<RecordedReply | null> {
  return db.transaction(async (tx) => {
    const [enquiry] = await tx
      .select({
        id: enquiries.id,
        name: enquiries.name,
        email: enquiries.email,
        comment: enquiries.comment,
        createdAt: enquiries.createdAt,
        readAt: enquiries.readAt,
      })
      .from(enquiries)
      .where(eq(enquiries.id, id))
      .for("update");
    if (!enquiry) return null;
    const [row] = await tx
      .insert(enquiryReplies)
      .values({
        enquiryId: id,
        staffId: actor.id,
        staffName: actor.name,
        body: reply.message,
        createdAt: now,
      })
      .returning({ id: enquiryReplies.id });
    if (!row) throw new Error("The reply was not stored");
    if (enquiry.readAt === null) await tx.update(enquiries).set({ readAt: now }).where(eq(enquiries.id, id));
    await recordAudit(tx, actor, "enquiry.reply", `enquiry ${id}`, {
      replyId: row.id,
      to: enquiry.email,
      subject: reply.subject,
    });
    const { readAt: _readAt, ...forMail } = enquiry;
    return { replyId: row.id, enquiry: forMail };
  });
}

/**
 * The reply's mail could not be sent: the reply comes off the enquiry's page (it never reached the enquirer),
 * and the trail says why.
 */
export async function withdrawEnquiryReply(
  db: Database,
  actor: Actor,
  replyId: number,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(enquiryReplies)
      .where(eq(enquiryReplies.id, replyId))
      .returning({ enquiryId: enquiryReplies.enquiryId });
    if (!removed) return;
    await recordAudit(tx, actor, "enquiry.reply-unsent", `enquiry ${removed.enquiryId}`, { replyId, reason });
  });
}
