import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, blogs } from "~/db/schema";
import type { Actor } from "~/features/audit/index.server";
import { BLOG_POSTS_PAGE_SIZE } from "~/features/content";
import {
  blogCategories,
  createBlogPost,
  getBlog,
  getBlogPost,
  latestBlogs,
  listBlogPosts,
  listBlogs,
  setBlogPicture,
  setBlogPublished,
  sitemapEntries,
  toBlogCard,
  updateBlogPost,
} from "~/features/content/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertStaffMember } from "./support/staff-member";

/*
 * The back office's blog posts (drafts, edits, publishing) and the shop's side of them: the shop sees published
 * posts only. The database starts empty (no seed), so every post here is the test's own; instants are fixed,
 * never the real clock, except where a test says so.
 */

let database: TestDatabase;
let actor: Actor;

beforeAll(async () => {
  database = await openTestDatabase();
  actor = (await insertStaffMember(database.db, { name: "Meera Krishnan" })).actor;
});

afterAll(async () => {
  await database?.drop();
});

const DAY = 24 * 3_600_000;
let sequence = 0;

/** A post's fields as the form sends them, with a unique title. */
function postValues(overrides: Partial<{ title: string; category: string; description: string }> = {}) {
  return {
    title: `CCTV for a small shop, part ${++sequence}`,
    category: "Camera",
    description: "<p>Four cameras and a recorder cover most shops.</p>",
    ...overrides,
  };
}

async function draft(overrides: Parameters<typeof postValues>[0] = {}, at = new Date()) {
  const saved = await createBlogPost(database.db, actor, postValues(overrides), at);
  if (!saved.ok) throw new Error(`the draft was refused: ${saved.problem}`);
  return saved.id;
}

async function post(id: number) {
  const found = await getBlogPost(database.db, id);
  if (!found) throw new Error(`blog ${id} is gone`);
  return found;
}

async function auditOf(id: number) {
  return database.db
    .select({ action: auditLog.action, staffId: auditLog.staffId, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.subject, `blog ${id}`))
    .orderBy(auditLog.id);
}

describe(`blog posts in the back office (${databaseKind})`, () => {
  it("saves a new post as a draft, with its description sanitised the way the shop renders it", async () => {
    const at = new Date("2026-11-20T10:00:00+05:30");
    const id = await draft(
      {
        title: "Biometric attendance for 20 staff",
        category: "Watch",
        description:
          '<h1>Why</h1><p onclick="steal()">Punch in <strong>fast</strong>.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.in">ok</a><iframe src="https://evil.example"></iframe>',
      },
      at,
    );
    const saved = await post(id);
    expect(saved).toMatchObject({
      title: "Biometric attendance for 20 staff",
      category: "Watch",
      publishedAt: null,
      images: [],
    });
    expect(saved.createdAt).toEqual(at);
    expect(saved.updatedAt).toEqual(at);
    expect(saved.description).toBe(
      '<h2>Why</h2><p>Punch in <strong>fast</strong>.</p><a rel="noopener noreferrer nofollow">x</a><a href="https://example.in" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(await auditOf(id)).toEqual([
      {
        action: "blog.create",
        staffId: actor.id,
        details: { title: "Biometric attendance for 20 staff", category: "Watch", state: "draft" },
      },
    ]);
  });

  it("refuses a description with nothing left once sanitised, and stores nothing", async () => {
    const before = await database.db.select({ id: blogs.id }).from(blogs);
    for (const description of [
      "<script>alert(1)</script>",
      "<p> </p><style>p{}</style>",
      "<iframe></iframe>",
    ]) {
      expect(await createBlogPost(database.db, actor, postValues({ description }))).toEqual({
        ok: false,
        problem: "empty-description",
      });
    }
    expect(await database.db.select({ id: blogs.id }).from(blogs)).toHaveLength(before.length);
    // A picture alone is a post.
    const saved = await createBlogPost(
      database.db,
      actor,
      postValues({ description: '<img src="https://cdn.example.in/dvr.jpg" alt="DVR">' }),
    );
    expect(saved.ok).toBe(true);
  });

  it("keeps a draft off the shop: not listed, not on the home page, no page, not in the sitemap", async () => {
    const id = await draft();
    expect((await listBlogs(database.db)).map((b) => b.id)).not.toContain(id);
    expect((await latestBlogs(database.db, 100)).map((b) => b.id)).not.toContain(id);
    expect(await getBlog(database.db, id)).toBeNull();
    expect((await sitemapEntries(database.db)).blogs.map((b) => b.id)).not.toContain(id);
  });

  it("publishes a draft: on the shop at once, dated when it was published, and recorded once", async () => {
    const id = await draft({}, new Date("2026-10-01T09:00:00+05:30"));
    const at = new Date("2026-11-21T18:30:00+05:30");
    expect(await setBlogPublished(database.db, actor, id, true, at)).toEqual({ ok: true, changed: true });
    const shown = await getBlog(database.db, id);
    expect(shown?.publishedAt).toEqual(at);
    expect(toBlogCard(shown ?? (await Promise.reject(new Error("not shown")))).date).toBe(at.toISOString());
    expect((await listBlogs(database.db)).map((b) => b.id)).toContain(id);
    expect((await latestBlogs(database.db, 100)).map((b) => b.id)).toContain(id);
    expect((await sitemapEntries(database.db)).blogs).toContainEqual({ id, updatedAt: at });
    expect((await post(id)).updatedAt).toEqual(at);

    // Publishing it again changes and records nothing.
    const later = new Date("2026-11-22T08:00:00+05:30");
    expect(await setBlogPublished(database.db, actor, id, true, later)).toEqual({ ok: true, changed: false });
    expect((await post(id)).publishedAt).toEqual(at);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(["blog.create", "blog.publish"]);
  });

  it("unpublishes a post: off the shop at once (no page), back among the drafts", async () => {
    const id = await draft();
    const published = new Date("2026-11-21T10:00:00+05:30");
    await setBlogPublished(database.db, actor, id, true, published);
    const at = new Date("2026-11-22T10:00:00+05:30");
    expect(await setBlogPublished(database.db, actor, id, false, at)).toEqual({ ok: true, changed: true });
    expect(await getBlog(database.db, id)).toBeNull();
    expect((await listBlogs(database.db)).map((b) => b.id)).not.toContain(id);
    expect((await sitemapEntries(database.db)).blogs.map((b) => b.id)).not.toContain(id);
    expect(await post(id)).toMatchObject({ publishedAt: null, updatedAt: at });
    const entries = await auditOf(id);
    expect(entries.map((entry) => entry.action)).toEqual(["blog.create", "blog.publish", "blog.unpublish"]);
    expect(entries[2]?.details).toMatchObject({ publishedAt: published.toISOString() });
    expect(await setBlogPublished(database.db, actor, id, false, at)).toEqual({ ok: true, changed: false });
  });

  it("answers not-found for an unknown post", async () => {
    expect(await setBlogPublished(database.db, actor, 999_999, true)).toEqual({
      ok: false,
      problem: "not-found",
    });
    expect(await updateBlogPost(database.db, actor, 999_999, postValues(), new Date())).toEqual({
      ok: false,
      problem: "not-found",
    });
    expect(await getBlogPost(database.db, 999_999)).toBeNull();
  });

  it("saves an edit, sanitised, and records what changed (a description by its size)", async () => {
    const written = new Date("2026-11-01T10:00:00+05:30");
    const id = await draft({ title: "Old title", category: "Laptop", description: "<p>Short.</p>" }, written);
    const at = new Date("2026-11-02T10:00:00+05:30");
    const saved = await updateBlogPost(
      database.db,
      actor,
      id,
      { title: "New title", category: "Laptop", description: "<p>Longer text.</p><script>x()</script>" },
      written,
      at,
    );
    expect(saved).toEqual({ ok: true, id });
    expect(await post(id)).toMatchObject({
      title: "New title",
      category: "Laptop",
      description: "<p>Longer text.</p>",
      updatedAt: at,
      createdAt: written,
    });
    const [, update] = await auditOf(id);
    expect(update).toEqual({
      action: "blog.update",
      staffId: actor.id,
      details: {
        title: { before: "Old title", after: "New title" },
        description: { before: "13 characters", after: "19 characters" },
      },
    });
  });

  it("refuses to save over a change made after the editor opened the post, and saves nothing", async () => {
    const opened = new Date("2026-11-03T10:00:00+05:30");
    const id = await draft({ title: "Opened by two" }, opened);
    // Someone else saves first.
    const theirs = new Date("2026-11-03T10:05:00+05:30");
    expect(
      await updateBlogPost(database.db, actor, id, postValues({ title: "Theirs" }), opened, theirs),
    ).toEqual({
      ok: true,
      id,
    });
    const mine = await updateBlogPost(database.db, actor, id, postValues({ title: "Mine" }), opened);
    expect(mine).toEqual({ ok: false, problem: "changed-meanwhile" });
    expect((await post(id)).title).toBe("Theirs");
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(["blog.create", "blog.update"]);
    // Publishing is a change too.
    await setBlogPublished(database.db, actor, id, true, new Date("2026-11-03T10:06:00+05:30"));
    expect(await updateBlogPost(database.db, actor, id, postValues({ title: "Mine" }), theirs)).toEqual({
      ok: false,
      problem: "changed-meanwhile",
    });
  });

  it("matches a version the database keeps to the microsecond (posts from before the back office)", async () => {
    const id = await draft();
    await database.db.execute(
      sql`UPDATE blogs SET updated_at = '2026-11-04 10:00:00.123456+05:30' WHERE id = ${id}`,
    );
    const loaded = (await post(id)).updatedAt;
    const saved = await updateBlogPost(database.db, actor, id, postValues({ title: "Microseconds" }), loaded);
    expect(saved).toEqual({ ok: true, id });
  });

  it("lists drafts and published posts newest first, by state, a page at a time", async () => {
    // Far in the future, so these are the list's first rows whatever the other tests wrote.
    const base = Date.parse("2099-01-01T00:00:00Z");
    const ids: number[] = [];
    for (let i = 0; i < BLOG_POSTS_PAGE_SIZE + 2; i++) ids.push(await draft({}, new Date(base + i * DAY)));
    const newest = [...ids].reverse();
    await setBlogPublished(database.db, actor, newest[0] ?? 0, true, new Date(base + 100 * DAY));

    const first = await listBlogPosts(database.db, { page: 1 });
    expect(first.rows.slice(0, 5).map((row) => row.id)).toEqual(newest.slice(0, 5));
    expect(first.rows).toHaveLength(BLOG_POSTS_PAGE_SIZE);
    expect(first.pages).toBe(Math.ceil(first.total / BLOG_POSTS_PAGE_SIZE));
    expect(first.rows[0]?.publishedAt).toEqual(new Date(base + 100 * DAY));
    expect(first.rows[1]?.publishedAt).toBeNull();
    expect(Object.keys(first.rows[0] ?? {}).sort()).toEqual([
      "category",
      "createdAt",
      "id",
      "publishedAt",
      "title",
      "updatedAt",
    ]);

    const second = await listBlogPosts(database.db, { page: 2 });
    expect(second.page).toBe(2);
    expect(second.rows[0]?.id).toBe(newest[BLOG_POSTS_PAGE_SIZE]);
    // A page past the end shows the last one.
    const past = await listBlogPosts(database.db, { page: 999 });
    expect(past.page).toBe(first.pages);

    const drafts = await listBlogPosts(database.db, { state: "draft", page: 1 });
    expect(drafts.rows.every((row) => row.publishedAt === null)).toBe(true);
    expect(drafts.rows[0]?.id).toBe(newest[1]);
    const published = await listBlogPosts(database.db, { state: "published", page: 1 });
    expect(published.rows.every((row) => row.publishedAt !== null)).toBe(true);
    expect(published.rows[0]?.id).toBe(newest[0]);
    expect(drafts.total + published.total).toBe(first.total);
  });

  it("shows the shop its published posts by publication date: a late-published old draft comes first", async () => {
    const older = await draft({}, new Date("2026-01-01T10:00:00+05:30"));
    const newer = await draft({}, new Date("2026-06-01T10:00:00+05:30"));
    await setBlogPublished(database.db, actor, newer, true, new Date("2098-06-01T10:00:00+05:30"));
    await setBlogPublished(database.db, actor, older, true, new Date("2098-07-01T10:00:00+05:30"));
    const shown = (await listBlogs(database.db)).map((b) => b.id);
    expect(shown.indexOf(older)).toBeLessThan(shown.indexOf(newer));
    const latest = await latestBlogs(database.db, 2);
    expect(latest.map((b) => b.id)).toEqual(shown.slice(0, 2));
  });

  it("suggests the categories posts already use, once each, in order", async () => {
    await draft({ category: "Tv" });
    await draft({ category: "Tv" });
    const categories = await blogCategories(database.db);
    expect(categories).toEqual([...new Set(categories)].sort());
    expect(categories).toEqual(expect.arrayContaining(["Camera", "Laptop", "Tv", "Watch"]));
  });

  it("keeps a post's pictures when its text is edited", async () => {
    const id = await draft();
    const images = [{ url: "/images/blogs/college-laptop.svg", alt: "A laptop" }];
    await database.db.update(blogs).set({ images }).where(eq(blogs.id, id));
    const { updatedAt } = await post(id);
    await updateBlogPost(database.db, actor, id, postValues({ title: "Pictures stay" }), updatedAt);
    expect((await post(id)).images).toEqual(images);
    const [row] = await database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(and(eq(auditLog.subject, `blog ${id}`), eq(auditLog.action, "blog.update")));
    expect(row?.n).toBe(1);
  });

  it("gives a post one picture, replacing the old one, or takes it away; returns what it replaced", async () => {
    const id = await draft();
    const seedPicture = { url: "/images/blogs/college-laptop.svg", alt: "A laptop" };
    await database.db
      .update(blogs)
      .set({ images: [seedPicture] })
      .where(eq(blogs.id, id));
    const upload = { url: "/uploads/blogs/0123456789abcdef0123456789abcdef.webp", alt: "Shop cameras" };
    expect(await setBlogPicture(database.db, actor, id, upload)).toEqual({
      ok: true,
      replaced: [seedPicture],
    });
    expect((await post(id)).images).toEqual([upload]);
    expect(await setBlogPicture(database.db, actor, id, null)).toEqual({ ok: true, replaced: [upload] });
    expect((await post(id)).images).toEqual([]);
    expect((await auditOf(id)).slice(-2)).toMatchObject([
      { action: "blog.picture", details: { before: [seedPicture.url], after: [upload.url] } },
      { action: "blog.picture-remove", details: { before: [upload.url], after: [] } },
    ]);
    expect(await setBlogPicture(database.db, actor, 999_999, upload)).toEqual({
      ok: false,
      problem: "not-found",
    });
  });
});
