// The back office's blog posts: drafts and published posts, written, edited, published and unpublished, each
// change recorded in the audit trail in its own transaction. The shop's side (published posts only) is
// blog.server.ts. Pictures are not edited here yet: a post keeps the images it has.
import { and, asc, between, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { blogs, type ProductImage } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { pageCount } from "~/lib/list-query";
import { plainText, sanitizeDescription } from "~/lib/sanitize.server";
import { BLOG_POSTS_PAGE_SIZE, type BlogListFilters } from "./content-lists";
import type { BlogPostValues } from "./schemas";

export type BlogPostRow = {
  id: number;
  title: string;
  category: string;
  /** Null while the post is a draft. */
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type BlogPostList = { rows: BlogPostRow[]; total: number; page: number; pages: number };

const rowColumns = {
  id: blogs.id,
  title: blogs.title,
  category: blogs.category,
  publishedAt: blogs.publishedAt,
  createdAt: blogs.createdAt,
  updatedAt: blogs.updatedAt,
};

function stateCondition(state: BlogListFilters["state"]): SQL | undefined {
  if (state === "draft") return isNull(blogs.publishedAt);
  if (state === "published") return isNotNull(blogs.publishedAt);
  return undefined;
}

/** Drafts and published posts together (or one of them), newest first, a page at a time. */
export async function listBlogPosts(db: Database, filters: BlogListFilters): Promise<BlogPostList> {
  const where = stateCondition(filters.state);
  const [counted] = await db.select({ n: count() }).from(blogs).where(where);
  const total = counted?.n ?? 0;
  const pages = pageCount(total, BLOG_POSTS_PAGE_SIZE);
  // A page past the end (a post deleted, an old link) shows the last page.
  const page = Math.min(filters.page, pages);
  const rows = await db
    .select(rowColumns)
    .from(blogs)
    .where(where)
    .orderBy(desc(blogs.createdAt), desc(blogs.id))
    .limit(BLOG_POSTS_PAGE_SIZE)
    .offset((page - 1) * BLOG_POSTS_PAGE_SIZE);
  return { rows, total, page, pages };
}

export type BlogPost = BlogPostRow & {
  /** Stored HTML, already sanitised when it was saved. */
  description: string;
  images: ProductImage[];
};

/** One post, draft or published, for the edit page; null when the id is unknown. */
export async function getBlogPost(db: Database, id: number): Promise<BlogPost | null> {
  const [post] = await db
    .select({ ...rowColumns, description: blogs.description, images: blogs.images })
    .from(blogs)
    .where(eq(blogs.id, id))
    .limit(1);
  return post ?? null;
}

/** The categories posts already use, for the form's suggestions. */
export async function blogCategories(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: blogs.category })
    .from(blogs)
    .orderBy(asc(blogs.category))
    .limit(100);
  return rows.map((row) => row.category);
}

/**
 * The values as they are stored: the description sanitised the way the shop renders it, so what staff see in
 * the preview is what shoppers get. Null when nothing of the description survives sanitising.
 */
function storedValues(values: BlogPostValues): BlogPostValues | null {
  const description = sanitizeDescription(values.description).trim();
  // An image alone is a post; an empty paragraph is not.
  if (plainText(description) === "" && !description.includes("<img")) return null;
  return { title: values.title, category: values.category, description };
}

export type BlogPostProblem = "not-found" | "empty-description" | "changed-meanwhile";

export type BlogPostSaved = { ok: true; id: number } | { ok: false; problem: BlogPostProblem };

/** A new post, saved as a draft: the shop shows it once it is published. */
export async function createBlogPost(
  db: Database,
  actor: Actor,
  values: BlogPostValues,
  now = new Date(),
): Promise<BlogPostSaved> {
  const stored = storedValues(values);
  if (!stored) return { ok: false, problem: "empty-description" };
  return db.transaction(async (tx) => {
    const [post] = await tx
      .insert(blogs)
      .values({ ...stored, createdAt: now, updatedAt: now, publishedAt: null })
      .returning({ id: blogs.id });
    if (!post) throw new Error("The blog post was not stored");
    await recordAudit(tx, actor, "blog.create", `blog ${post.id}`, {
      title: stored.title,
      category: stored.category,
      state: "draft",
    });
    return { ok: true, id: post.id };
  });
}

/** How close two readings of one updated_at are: the database keeps microseconds, JavaScript milliseconds. */
const VERSION_SLACK_MS = 1;

/**
 * Saves a post's title, category and description. `version` is the updated_at the editor loaded: when the post
 * changed since (someone else saved or published it), nothing is saved, so nobody's work is overwritten unseen.
 */
export async function updateBlogPost(
  db: Database,
  actor: Actor,
  id: number,
  values: BlogPostValues,
  version: Date,
  now = new Date(),
): Promise<BlogPostSaved> {
  const stored = storedValues(values);
  if (!stored) return { ok: false, problem: "empty-description" };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        title: blogs.title,
        category: blogs.category,
        description: blogs.description,
        updatedAt: blogs.updatedAt,
      })
      .from(blogs)
      .where(eq(blogs.id, id))
      .for("update");
    if (!before) return { ok: false, problem: "not-found" };
    const [saved] = await tx
      .update(blogs)
      .set({ ...stored, updatedAt: now })
      .where(
        and(
          eq(blogs.id, id),
          between(
            blogs.updatedAt,
            new Date(version.getTime() - VERSION_SLACK_MS),
            new Date(version.getTime() + VERSION_SLACK_MS),
          ),
        ),
      )
      .returning({ id: blogs.id });
    if (!saved) return { ok: false, problem: "changed-meanwhile" };
    const details: Record<string, unknown> = {};
    if (before.title !== stored.title) details.title = { before: before.title, after: stored.title };
    if (before.category !== stored.category) {
      details.category = { before: before.category, after: stored.category };
    }
    // A description is too long for the trail: its size says that (and how much) it changed.
    if (before.description !== stored.description) {
      details.description = {
        before: `${before.description.length} characters`,
        after: `${stored.description.length} characters`,
      };
    }
    await recordAudit(tx, actor, "blog.update", `blog ${id}`, details);
    return { ok: true, id };
  });
}

export type PublishResult = { ok: true; changed: boolean } | { ok: false; problem: "not-found" };

/**
 * Publishes a draft (it shows on the shop at once, dated now) or takes a post off the shop (it becomes a draft
 * again). Asking for the state a post is already in changes nothing and records nothing.
 */
export async function setBlogPublished(
  db: Database,
  actor: Actor,
  id: number,
  publish: boolean,
  now = new Date(),
): Promise<PublishResult> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ title: blogs.title, publishedAt: blogs.publishedAt })
      .from(blogs)
      .where(eq(blogs.id, id))
      .for("update");
    if (!post) return { ok: false, problem: "not-found" };
    if ((post.publishedAt !== null) === publish) return { ok: true, changed: false };
    await tx
      .update(blogs)
      .set({ publishedAt: publish ? now : null, updatedAt: now })
      .where(eq(blogs.id, id));
    await recordAudit(tx, actor, publish ? "blog.publish" : "blog.unpublish", `blog ${id}`, {
      title: post.title,
      ...(publish ? {} : { publishedAt: post.publishedAt?.toISOString() }),
    });
    return { ok: true, changed: true };
  });
}

export type PictureChange = { ok: true; replaced: ProductImage[] } | { ok: false; problem: "not-found" };

/**
 * Gives a post its picture (a post has one: the card's and the page's), or takes it away with `image` null.
 * Returns the pictures it replaced, so their uploaded files can be deleted after the commit.
 */
export async function setBlogPicture(
  db: Database,
  actor: Actor,
  id: number,
  image: ProductImage | null,
): Promise<PictureChange> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ title: blogs.title, images: blogs.images })
      .from(blogs)
      .where(eq(blogs.id, id))
      .for("update");
    if (!post) return { ok: false, problem: "not-found" };
    await tx
      .update(blogs)
      .set({ images: image ? [image] : [], updatedAt: new Date() })
      .where(eq(blogs.id, id));
    await recordAudit(tx, actor, image ? "blog.picture" : "blog.picture-remove", `blog ${id}`, {
      title: post.title,
      before: post.images.map((old) => old.url),
      after: image ? [image.url] : [],
    });
    return { ok: true, replaced: post.images };
  });
}
