import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, enquiries, enquiryReplies } from "~/db/schema";
import type { Actor } from "~/features/audit/index.server";
import { contentAdminMessages, ENQUIRIES_PAGE_SIZE } from "~/features/content";
import {
  createEnquiry,
  enquiryReplyMail,
  listEnquiries,
  markEnquiryUnread,
  openEnquiry,
  recordEnquiryReply,
  withdrawEnquiryReply,
} from "~/features/content/index.server";
import { startStaffSession } from "~/features/staff/index.server";
import type { Config } from "~/lib/config.server";
import { closeMailTransports } from "~/lib/mail.server";
import { shop } from "~/lib/shop";
import * as enquiryRoute from "~/routes/admin/enquiries.$id";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { startSmtpServer, type TestSmtpServer } from "./support/smtp";
import { insertStaffMember } from "./support/staff-member";

/*
 * The back office's enquiries inbox: the list (unread first), opening an enquiry (it becomes read), "Mark as
 * unread", and replies by e-mail: recorded, then sent through a real SMTP server on localhost, and taken back
 * off the page when the mail cannot be sent. The enquiry page's loader and action run as Remix runs them.
 */

const BASE = "https://shop.example.in";
const state = vi.hoisted(() => ({ db: undefined as unknown, smtpUrl: "" }));

vi.mock("~/db/db.server", () => ({ getDb: async () => state.db }));
vi.mock("~/lib/config.server", () => ({
  config: () =>
    ({
      publicUrl: BASE,
      isProduction: false,
      cookieSecure: false,
      sessionSecret: "integration-test-session-secret-0123456789abcdef",
      smtpUrl: state.smtpUrl,
      mailFrom: "Kaveri Computers <no-reply@kavericomputers.in>",
      outboxDir: "/nonexistent/outbox",
    }) as Config,
}));

let database: TestDatabase;
let smtp: TestSmtpServer;
let actor: Actor;
let cookie: string;

beforeAll(async () => {
  database = await openTestDatabase();
  state.db = database.db;
  smtp = await startSmtpServer();
  state.smtpUrl = smtp.smtpUrl;
  const member = await insertStaffMember(database.db, { name: "Meera Krishnan" });
  actor = member.actor;
  cookie = (await startStaffSession(database.db, member.id)).split(";")[0] ?? "";
});

afterAll(async () => {
  closeMailTransports();
  await smtp?.close();
  await database?.drop();
});

let sequence = 0;

/** An enquiry from the Contact form, from a unique address, received at `at`. */
async function enquiry(at?: Date, overrides: Partial<{ name: string; comment: string }> = {}) {
  const n = ++sequence;
  const row = await createEnquiry(database.db, {
    name: overrides.name ?? `Ravi ${n}`,
    email: `ravi${n}@example.in`,
    mobile: "9845012345",
    comment: overrides.comment ?? `Quote for ${n} CCTV cameras, please.`,
  });
  if (at) await database.db.update(enquiries).set({ createdAt: at }).where(eq(enquiries.id, row.id));
  return { ...row, createdAt: at ?? row.createdAt };
}

async function readAtOf(id: number) {
  const [row] = await database.db
    .select({ readAt: enquiries.readAt })
    .from(enquiries)
    .where(eq(enquiries.id, id));
  return row?.readAt;
}

async function auditOf(id: number) {
  return database.db
    .select({ action: auditLog.action, staffId: auditLog.staffId, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.subject, `enquiry ${id}`))
    .orderBy(auditLog.id);
}

describe(`the enquiries inbox (${databaseKind})`, () => {
  it("lists unread enquiries first, then the newest, with their replies counted", async () => {
    // Far in the future, so these are the inbox's first rows whatever the other tests wrote.
    const old = await enquiry(new Date("2099-01-01T10:00:00+05:30"));
    const newer = await enquiry(new Date("2099-01-02T10:00:00+05:30"));
    const newestRead = await enquiry(new Date("2099-01-03T10:00:00+05:30"));
    await openEnquiry(database.db, actor, newestRead.id);
    await recordEnquiryReply(database.db, actor, newestRead.id, { subject: "Re", message: "Yes." });
    await recordEnquiryReply(database.db, actor, newestRead.id, { subject: "Re", message: "Also." });

    const all = await listEnquiries(database.db, { page: 1 });
    const ids = all.rows.map((row) => row.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(old.id));
    // The read one is the newest, yet it comes after every unread one.
    const firstRead = all.rows.findIndex((row) => row.readAt !== null);
    expect(all.rows.slice(0, firstRead).every((row) => row.readAt === null)).toBe(true);
    expect(all.rows.slice(firstRead).every((row) => row.readAt !== null)).toBe(true);
    expect(all.rows[firstRead]?.id).toBe(newestRead.id);
    expect(all.rows[firstRead]?.replies).toBe(2);
    expect(all.rows.find((row) => row.id === old.id)).toMatchObject({
      name: old.name,
      email: old.email,
      mobile: "9845012345",
      comment: old.comment,
      readAt: null,
      replies: 0,
    });

    const unread = await listEnquiries(database.db, { show: "unread", page: 1 });
    expect(unread.rows.every((row) => row.readAt === null)).toBe(true);
    expect(unread.total).toBe(all.unread);
    expect(unread.rows[0]?.id).toBe(newer.id);
    const read = await listEnquiries(database.db, { show: "read", page: 1 });
    expect(read.rows.every((row) => row.readAt !== null)).toBe(true);
    expect(read.rows[0]?.id).toBe(newestRead.id);
    expect(unread.total + read.total).toBe(all.total);
  });

  it("pages through the inbox; a page past the end shows the last one", async () => {
    for (let i = 0; i < ENQUIRIES_PAGE_SIZE + 1; i++) await enquiry();
    const first = await listEnquiries(database.db, { page: 1 });
    expect(first.rows).toHaveLength(ENQUIRIES_PAGE_SIZE);
    expect(first.pages).toBe(Math.ceil(first.total / ENQUIRIES_PAGE_SIZE));
    const second = await listEnquiries(database.db, { page: 2 });
    expect(second.rows[0]?.id).not.toBe(first.rows[0]?.id);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(
      first.rows.length + second.rows.length,
    );
    expect((await listEnquiries(database.db, { page: 9_999 })).page).toBe(first.pages);
  });

  it("opening an enquiry marks it read, recorded the first time only", async () => {
    const received = await enquiry();
    const at = new Date("2026-11-23T11:00:00+05:30");
    const opened = await openEnquiry(database.db, actor, received.id, at);
    expect(opened).toMatchObject({ id: received.id, name: received.name, readAt: at, replies: [] });
    const again = await openEnquiry(database.db, actor, received.id, new Date("2026-11-24T11:00:00+05:30"));
    expect(again?.readAt).toEqual(at);
    expect(await auditOf(received.id)).toEqual([{ action: "enquiry.read", staffId: actor.id, details: {} }]);
    expect(await openEnquiry(database.db, actor, 999_999)).toBeNull();
  });

  it("marks an enquiry unread again, recorded; an unread one stays as it is", async () => {
    const received = await enquiry();
    await openEnquiry(database.db, actor, received.id);
    expect(await markEnquiryUnread(database.db, actor, received.id)).toBe(true);
    expect(await readAtOf(received.id)).toBeNull();
    expect(await markEnquiryUnread(database.db, actor, received.id)).toBe(true);
    expect((await auditOf(received.id)).map((entry) => entry.action)).toEqual([
      "enquiry.read",
      "enquiry.unread",
    ]);
    expect(await markEnquiryUnread(database.db, actor, 999_999)).toBe(false);
  });

  it("records a reply with who and when, marks the enquiry read, and the trail names the subject", async () => {
    const received = await enquiry();
    const at = new Date("2026-11-23T12:00:00+05:30");
    const recorded = await recordEnquiryReply(
      database.db,
      actor,
      received.id,
      { subject: "Your CCTV quote", message: "Four cameras: Rs. 24,000 fitted." },
      at,
    );
    expect(recorded?.enquiry).toEqual({
      id: received.id,
      name: received.name,
      email: received.email,
      comment: received.comment,
      createdAt: received.createdAt,
    });
    expect(await readAtOf(received.id)).toEqual(at);
    const opened = await openEnquiry(database.db, actor, received.id);
    expect(opened?.replies).toEqual([
      {
        id: recorded?.replyId,
        staffName: "Meera Krishnan",
        body: "Four cameras: Rs. 24,000 fitted.",
        createdAt: at,
      },
    ]);
    const [stored] = await database.db
      .select({ staffId: enquiryReplies.staffId })
      .from(enquiryReplies)
      .where(eq(enquiryReplies.id, recorded?.replyId ?? 0));
    expect(stored?.staffId).toBe(actor.id);
    expect(await auditOf(received.id)).toEqual([
      {
        action: "enquiry.reply",
        staffId: actor.id,
        details: { replyId: recorded?.replyId, to: received.email, subject: "Your CCTV quote" },
      },
    ]);
    expect(await recordEnquiryReply(database.db, actor, 999_999, { subject: "x", message: "y" })).toBeNull();
  });

  it("withdraws a reply whose mail was not sent, and the trail says why", async () => {
    const received = await enquiry();
    const recorded = await recordEnquiryReply(database.db, actor, received.id, {
      subject: "S",
      message: "M",
    });
    await withdrawEnquiryReply(database.db, actor, recorded?.replyId ?? 0, "ECONNREFUSED");
    expect((await openEnquiry(database.db, actor, received.id))?.replies).toEqual([]);
    expect((await auditOf(received.id)).at(-1)).toEqual({
      action: "enquiry.reply-unsent",
      staffId: actor.id,
      details: { replyId: recorded?.replyId, reason: "ECONNREFUSED" },
    });
    // A reply already gone changes nothing.
    const entries = (await auditOf(received.id)).length;
    await withdrawEnquiryReply(database.db, actor, recorded?.replyId ?? 0, "again");
    expect(await auditOf(received.id)).toHaveLength(entries);
  });
});

describe("enquiryReplyMail", () => {
  const input = {
    to: "ravi@example.in",
    name: "Ravi <b>Kumar</b>",
    subject: "Your quote",
    message: "Four cameras: <script>x</script>\n\nRs. 24,000 & fitting.",
    enquiry: {
      comment: "Quote for 4 <i>CCTV</i> cameras?\nFor my shop.",
      createdAt: new Date("2026-11-22T14:35:00Z"),
    },
  };

  it("quotes the enquiry under the reply, signed by the shop, answers going to the shop's address", () => {
    const mail = enquiryReplyMail(input);
    expect(mail).toMatchObject({ to: "ravi@example.in", subject: "Your quote", replyTo: shop.email });
    expect(mail.text).toContain("Hello Ravi <b>Kumar</b>,");
    expect(mail.text).toContain("Rs. 24,000 & fitting.");
    expect(mail.text).toContain(
      "On November 22nd 2026, 8:05 pm (India Standard Time) you wrote to us:\n> Quote for 4 <i>CCTV</i> cameras?\n> For my shop.",
    );
    expect(mail.text.trimEnd().endsWith(`${shop.email} · ${shop.hotline}`)).toBe(true);
  });

  it("escapes everything the customer and the staff member typed in the HTML", () => {
    const { html } = enquiryReplyMail(input);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>Kumar");
    expect(html).not.toContain("<i>CCTV");
    expect(html).toContain("Ravi &lt;b&gt;Kumar&lt;/b&gt;");
    expect(html).toContain("<p>Rs. 24,000 &amp; fitting.</p>");
    expect(html).toContain("Quote for 4 &lt;i&gt;CCTV&lt;/i&gt; cameras?<br>For my shop.");
  });
});

type Handler = (args: ActionFunctionArgs | LoaderFunctionArgs) => Promise<Response> | Response;

/** Runs a loader or action the way Remix would: a thrown Response (a redirect, a 404) is the answer. */
async function run(handler: Handler, request: Request, params: Record<string, string>): Promise<Response> {
  try {
    return await handler({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const page = (id: number | string, withCookie = true) =>
  new Request(`${BASE}/admin/enquiries/${id}`, { headers: withCookie ? { Cookie: cookie } : {} });

function post(id: number | string, fields: Record<string, string>, withCookie = true): Request {
  return new Request(`${BASE}/admin/enquiries/${id}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(withCookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const loader = enquiryRoute.loader as Handler;
const action = enquiryRoute.action as Handler;

describe(`the enquiry page (${databaseKind})`, () => {
  it("opens the enquiry (it becomes read) and shows its replies", async () => {
    const received = await enquiry();
    const response = await run(loader, page(received.id), { id: String(received.id) });
    expect(response.status).toBe(200);
    const data = (await response.json()) as { enquiry: { id: number; comment: string }; replies: unknown[] };
    expect(data.enquiry).toMatchObject({ id: received.id, comment: received.comment });
    expect(data.replies).toEqual([]);
    expect(await readAtOf(received.id)).toBeInstanceOf(Date);
  });

  it("sends a reply by e-mail, records it and goes back to the enquiry", async () => {
    const received = await enquiry(undefined, { comment: "Do you rent laptops for a week?" });
    const response = await run(
      action,
      post(received.id, { intent: "reply", subject: "Laptop rental", message: "Yes: Rs. 1,500 a week." }),
      { id: String(received.id) },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/admin/enquiries/${received.id}`);
    const mail = await smtp.waitForMessage((m) => m.to.includes(received.email), 5_000);
    expect(mail.subject).toBe("Laptop rental");
    expect(mail.text).toContain("Yes: Rs. 1,500 a week.");
    expect(mail.text).toContain("> Do you rent laptops for a week?");
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${shop.email}\\r?$`, "m"));
    const shown = (await (await run(loader, page(received.id), { id: String(received.id) })).json()) as {
      replies: { staffName: string; body: string }[];
    };
    expect(shown.replies).toEqual([
      expect.objectContaining({ staffName: "Meera Krishnan", body: "Yes: Rs. 1,500 a week." }),
    ]);
  });

  it("tells the staff member when the mail cannot be sent, keeps their text, and records no reply", async () => {
    const received = await enquiry();
    // Nothing listens on port 1: the connection is refused at once.
    state.smtpUrl = "smtp://127.0.0.1:1";
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await run(
        action,
        post(received.id, { intent: "reply", subject: "Quote", message: "Rs. 24,000." }),
        { id: String(received.id) },
      );
      expect(response.status).toBe(503);
      const body = (await response.json()) as {
        result: { initialValue: Record<string, string> };
        toast: { type: string; message: string };
      };
      expect(body.toast).toMatchObject({
        type: "error",
        message: contentAdminMessages.replyNotSent(received.email),
      });
      expect(body.result.initialValue).toMatchObject({ subject: "Quote", message: "Rs. 24,000." });
    } finally {
      state.smtpUrl = smtp.smtpUrl;
      vi.mocked(console.error).mockRestore();
    }
    const replies = await database.db
      .select()
      .from(enquiryReplies)
      .where(eq(enquiryReplies.enquiryId, received.id));
    expect(replies).toEqual([]);
    expect((await auditOf(received.id)).map((entry) => entry.action)).toEqual([
      "enquiry.reply",
      "enquiry.reply-unsent",
    ]);
  });

  it("marks the enquiry unread and goes back to the inbox (staying would read it again)", async () => {
    const received = await enquiry();
    await run(loader, page(received.id), { id: String(received.id) });
    const response = await run(action, post(received.id, { intent: "unread" }), { id: String(received.id) });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/enquiries");
    expect(await readAtOf(received.id)).toBeNull();
  });

  it("refuses a reply without a subject or message with the messages, keeping what was typed", async () => {
    const received = await enquiry();
    const response = await run(
      action,
      post(received.id, { intent: "reply", subject: "  ", message: "Hello" }),
      {
        id: String(received.id),
      },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.subject).toEqual([contentAdminMessages.subjectRequired]);
    const empty = await run(action, post(received.id, { intent: "reply", subject: "Hi", message: "" }), {
      id: String(received.id),
    });
    expect(((await empty.json()) as typeof body).result.error.message).toEqual([
      contentAdminMessages.messageRequired,
    ]);
  });

  it("answers 404 for an unknown or malformed id, 400 for an unknown form, and the log-in page without a session", async () => {
    const received = await enquiry();
    for (const id of ["999999", "0", "abc", "1e3"]) {
      expect((await run(loader, page(id), { id })).status).toBe(404);
      expect((await run(action, post(id, { intent: "unread" }), { id })).status).toBe(404);
    }
    const unknown = await run(action, post(received.id, { intent: "delete" }), { id: String(received.id) });
    expect(unknown.status).toBe(400);
    const visitor = await run(loader, page(received.id, false), { id: String(received.id) });
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const visitorPost = await run(action, post(received.id, { intent: "unread" }, false), {
      id: String(received.id),
    });
    expect(visitorPost.status).toBe(303);
    // A visitor's look was no opening.
    expect(await readAtOf(received.id)).toBeNull();
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `enquiry ${received.id}`), inArray(auditLog.action, ["enquiry.read"])));
    expect(rows).toEqual([]);
  });
});
