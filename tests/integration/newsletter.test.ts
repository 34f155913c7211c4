import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, newsletterSubscribers } from "~/db/schema";
import type { Actor } from "~/features/audit/index.server";
import { contentAdminMessages, newsletterMessages, SUBSCRIBERS_PAGE_SIZE } from "~/features/content";
import {
  listSubscribers,
  SUBSCRIBERS_CSV_HEADER,
  subscribe,
  subscribersCsv,
  unsubscribe,
} from "~/features/content/index.server";
import { startStaffSession } from "~/features/staff/index.server";
import type { Config } from "~/lib/config.server";
import * as listRoute from "~/routes/admin/newsletter";
import * as csvRoute from "~/routes/admin/newsletter[.]csv";
import * as signUpRoute from "~/routes/shop/newsletter";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertStaffMember } from "./support/staff-member";

/*
 * Newsletter subscribers: the shop's sign-up (which re-subscribes an unsubscribed address), the back office's
 * list (search, pages, counts), unsubscribing, and the CSV export (subscribed addresses only, safe in a
 * spreadsheet). The list page's action and the CSV route run as Remix runs them.
 */

const BASE = "https://shop.example.in";
const state = vi.hoisted(() => ({ db: undefined as unknown }));

vi.mock("~/db/db.server", () => ({ getDb: async () => state.db }));
vi.mock("~/lib/config.server", () => ({
  config: () =>
    ({
      publicUrl: BASE,
      isProduction: false,
      cookieSecure: false,
      sessionSecret: "integration-test-session-secret-0123456789abcdef",
    }) as Config,
}));

let database: TestDatabase;
let actor: Actor;
let cookie: string;

beforeAll(async () => {
  database = await openTestDatabase();
  state.db = database.db;
  const member = await insertStaffMember(database.db, { name: "Meera Krishnan" });
  actor = member.actor;
  cookie = (await startStaffSession(database.db, member.id)).split(";")[0] ?? "";
});

afterAll(async () => {
  await database?.drop();
});

let sequence = 0;
const address = (prefix = "reader") => `${prefix}${++sequence}@example.in`;

async function row(email: string) {
  const [found] = await database.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.toLowerCase()));
  if (!found) throw new Error(`${email} is not on the list`);
  return found;
}

describe(`newsletter sign-up (${databaseKind})`, () => {
  it("subscribes a new address once, lower-cased", async () => {
    const email = address();
    expect(await subscribe(database.db, `  ${email.toUpperCase()} `)).toBe(true);
    expect(await subscribe(database.db, email)).toBe(false);
    expect((await row(email)).unsubscribedAt).toBeNull();
  });

  it("re-subscribes an unsubscribed address, counting it from the new sign-up", async () => {
    const email = address();
    await subscribe(database.db, email, new Date("2026-01-01T10:00:00+05:30"));
    const { id } = await row(email);
    await unsubscribe(database.db, actor, id, new Date("2026-02-01T10:00:00+05:30"));
    const again = new Date("2026-03-01T10:00:00+05:30");
    expect(await subscribe(database.db, email, again)).toBe(true);
    expect(await row(email)).toMatchObject({ id, unsubscribedAt: null, createdAt: again });
    // Signing up once more while subscribed keeps the date.
    expect(await subscribe(database.db, email, new Date("2026-04-01T10:00:00+05:30"))).toBe(false);
    expect((await row(email)).createdAt).toEqual(again);
  });

  it("the footer's form says Subscribed when an unsubscribed address signs up again", async () => {
    const email = address();
    await subscribe(database.db, email);
    await unsubscribe(database.db, actor, (await row(email)).id);
    const response = await signUpRoute.action({
      request: new Request(`${BASE}/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, redirectTo: "/blogs" }).toString(),
      }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/blogs");
    const flash = decodeURIComponent(response.headers.get("Set-Cookie") ?? "");
    expect(flash).toContain("toast=");
    expect((await row(email)).unsubscribedAt).toBeNull();
    // The toast's text rides the signed flash cookie; its message is the shop's success message.
    expect(Buffer.from(flash.split("toast=")[1]?.split(".")[0] ?? "", "base64").toString()).toContain(
      newsletterMessages.subscribed,
    );
  });
});

describe(`newsletter subscribers in the back office (${databaseKind})`, () => {
  it("unsubscribes an address: kept on the list, shown as unsubscribed, recorded once", async () => {
    const email = address();
    await subscribe(database.db, email);
    const { id } = await row(email);
    const at = new Date("2026-11-23T10:00:00+05:30");
    expect(await unsubscribe(database.db, actor, id, at)).toEqual({ ok: true, email });
    expect((await row(email)).unsubscribedAt).toEqual(at);
    expect(await unsubscribe(database.db, actor, id)).toEqual({ ok: true, email });
    expect((await row(email)).unsubscribedAt).toEqual(at);
    const entries = await database.db
      .select({ action: auditLog.action, staffId: auditLog.staffId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.subject, `subscriber ${id}`));
    expect(entries).toEqual([{ action: "newsletter.unsubscribe", staffId: actor.id, details: { email } }]);
    expect(await unsubscribe(database.db, actor, 999_999)).toEqual({ ok: false, problem: "not-found" });
  });

  it("lists every address newest first, with the counts of the whole list", async () => {
    const older = address();
    const newer = address();
    await subscribe(database.db, older, new Date("2099-01-01T10:00:00+05:30"));
    await subscribe(database.db, newer, new Date("2099-01-02T10:00:00+05:30"));
    await unsubscribe(database.db, actor, (await row(older)).id);
    const list = await listSubscribers(database.db, { page: 1 });
    expect(list.rows.slice(0, 2).map((r) => r.email)).toEqual([newer, older]);
    expect(list.rows[1]?.unsubscribedAt).toBeInstanceOf(Date);
    const all = await database.db.select().from(newsletterSubscribers);
    expect(list.subscribed).toBe(all.filter((r) => r.unsubscribedAt === null).length);
    expect(list.unsubscribed).toBe(all.filter((r) => r.unsubscribedAt !== null).length);
    expect(list.total).toBe(all.length);
  });

  it("searches by any part of the address, ignoring case, with LIKE's wildcards taken as text", async () => {
    await subscribe(database.db, "priya.nair@kaveri-search.in");
    await subscribe(database.db, "priya_nair@kaveri-search.in");
    await subscribe(database.db, "priyaxnair@kaveri-search.in");
    const found = await listSubscribers(database.db, { q: "NAIR@KAVERI-SEARCH", page: 1 });
    expect(found.rows.map((r) => r.email).sort()).toEqual([
      "priya.nair@kaveri-search.in",
      "priya_nair@kaveri-search.in",
      "priyaxnair@kaveri-search.in",
    ]);
    expect(found.total).toBe(3);
    const underscore = await listSubscribers(database.db, { q: "priya_nair", page: 1 });
    expect(underscore.rows.map((r) => r.email)).toEqual(["priya_nair@kaveri-search.in"]);
    const percent = await listSubscribers(database.db, { q: "%", page: 1 });
    expect(percent.rows).toEqual([]);
  });

  it("pages through the list; a page past the end shows the last one", async () => {
    for (let i = 0; i < SUBSCRIBERS_PAGE_SIZE + 1; i++) await subscribe(database.db, address("paged"));
    const first = await listSubscribers(database.db, { q: "paged", page: 1 });
    expect(first.rows).toHaveLength(SUBSCRIBERS_PAGE_SIZE);
    expect(first.pages).toBe(2);
    const second = await listSubscribers(database.db, { q: "paged", page: 2 });
    expect(second.rows).toHaveLength(1);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(SUBSCRIBERS_PAGE_SIZE + 1);
    expect((await listSubscribers(database.db, { q: "paged", page: 50 })).page).toBe(2);
  });

  it("exports the subscribed addresses only, oldest first, dated in India's time, formulas defused", async () => {
    const kept = "csv.kept@example.in";
    const gone = "csv.gone@example.in";
    const formula = "-2+3+cmd@example.in";
    await subscribe(database.db, kept, new Date("2020-01-01T00:00:00Z"));
    await subscribe(database.db, formula, new Date("2020-01-02T12:30:00Z"));
    await subscribe(database.db, gone, new Date("2020-01-01T06:00:00Z"));
    await unsubscribe(database.db, actor, (await row(gone)).id);
    const csv = await subscribersCsv(database.db);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(SUBSCRIBERS_CSV_HEADER.join(","));
    expect(lines[1]).toBe("csv.kept@example.in,2020-01-01 05:30");
    expect(lines[2]).toBe("'-2+3+cmd@example.in,2020-01-02 18:00");
    expect(csv).not.toContain(gone);
    expect(csv.endsWith("\r\n")).toBe(true);
    const subscribed = await database.db.select().from(newsletterSubscribers);
    expect(lines.length - 2).toBe(subscribed.filter((r) => r.unsubscribedAt === null).length);
  });
});

type Handler = (args: ActionFunctionArgs | LoaderFunctionArgs) => Promise<Response> | Response;

async function run(handler: Handler, request: Request): Promise<Response> {
  try {
    return await handler({ request, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function post(path: string, fields: Record<string, string>, withCookie = true): Request {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(withCookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const get = (path: string, withCookie = true) =>
  new Request(`${BASE}${path}`, { headers: withCookie ? { Cookie: cookie } : {} });

describe(`the newsletter pages (${databaseKind})`, () => {
  it("unsubscribes from the list and goes back to the same search and page", async () => {
    const email = address("route");
    await subscribe(database.db, email);
    const { id } = await row(email);
    const response = await run(
      listRoute.action as Handler,
      post("/admin/newsletter?q=route&page=1", { intent: "unsubscribe", id: String(id) }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/newsletter?q=route");
    expect((await row(email)).unsubscribedAt).toBeInstanceOf(Date);
  });

  it("answers an unknown subscriber with its message and 404, an unknown form with 400", async () => {
    for (const id of ["999999", "0", "abc"]) {
      const response = await run(
        listRoute.action as Handler,
        post("/admin/newsletter", { intent: "unsubscribe", id }),
      );
      expect(response.status).toBe(404);
      const body = (await response.json()) as { toast: { message: string } };
      expect(body.toast.message).toBe(contentAdminMessages.subscriberNotFound);
    }
    const unknown = await run(
      listRoute.action as Handler,
      post("/admin/newsletter", { intent: "export", id: "1" }),
    );
    expect(unknown.status).toBe(400);
  });

  it("sends a list URL that is not canonical to the one that is", async () => {
    const response = await run(listRoute.loader as Handler, get("/admin/newsletter?page=1&q=%20ab%20&x=1"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/newsletter?q=ab");
    const ok = await run(listRoute.loader as Handler, get("/admin/newsletter?q=ab"));
    expect(ok.status).toBe(200);
  });

  it("downloads the CSV as a UTF-8 attachment", async () => {
    const response = await run(csvRoute.loader as Handler, get("/admin/newsletter.csv"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toBe(await subscribersCsv(database.db));
  });

  it("gives a visitor the back office's log-in page, never the list or the file", async () => {
    for (const [handler, request] of [
      [csvRoute.loader, get("/admin/newsletter.csv", false)],
      [listRoute.loader, get("/admin/newsletter", false)],
      [listRoute.action, post("/admin/newsletter", { intent: "unsubscribe", id: "1" }, false)],
    ] as const) {
      const response = await run(handler as Handler, request);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    }
  });
});
