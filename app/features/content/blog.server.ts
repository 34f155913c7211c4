import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { blogs, type ProductImage, products } from "~/db/schema";
import { shownInShop } from "~/features/catalogue/index.server";
import { plainText } from "~/lib/sanitize.server";
import type { BlogCardData } from "./BlogCard";

/**
 * A published post as the shop shows it. The shop sees published posts only (drafts are the back office's,
 * app/features/content/blog-admin.server.ts); a post's date on the shop is when it was published.
 */
export type Blog = {
  id: number;
  title: string;
  /** Stored HTML: pass it through sanitizeDescription before rendering. */
  description: string;
  category: string;
  images: ProductImage[];
  publishedAt: Date;
};

const published = isNotNull(blogs.publishedAt);

async function publishedBlogs(db: Database, where = published, limit?: number): Promise<Blog[]> {
  const query = db
    .select({
      id: blogs.id,
      title: blogs.title,
      description: blogs.description,
      category: blogs.category,
      images: blogs.images,
      publishedAt: blogs.publishedAt,
    })
    .from(blogs)
    .where(where)
    // Ties broken by id, so the order is stable.
    .orderBy(desc(blogs.publishedAt), desc(blogs.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  // The where clause leaves out drafts; this tells TypeScript so.
  return rows.flatMap((row) => (row.publishedAt ? [{ ...row, publishedAt: row.publishedAt }] : []));
}

/** Every published post, newest first. */
export async function listBlogs(db: Database): Promise<Blog[]> {
  return publishedBlogs(db);
}

/** The `n` newest published posts, for the home page's Our Latest Blogs. */
export async function latestBlogs(db: Database, n: number): Promise<Blog[]> {
  if (n <= 0) return [];
  return publishedBlogs(db, published, n);
}

/** One published post, or null when the id is unknown or the post is a draft. */
export async function getBlog(db: Database, id: number): Promise<Blog | null> {
  const [blog] = await publishedBlogs(db, and(published, eq(blogs.id, id)), 1);
  return blog ?? null;
}

/** Plain text sent to a card: comfortably more than the card shows (70), far less than a whole post. */
const SUMMARY_CHARS = 160;

/** What a BlogCard needs, computed on the server: the first image and the description as plain text. */
export function toBlogCard(blog: Blog): BlogCardData {
  return {
    id: blog.id,
    title: blog.title,
    summary: plainText(blog.description).slice(0, SUMMARY_CHARS),
    image: blog.images[0]?.url ?? null,
    date: blog.publishedAt.toISOString(),
  };
}

export type SitemapEntries = {
  products: { id: number; updatedAt: Date }[];
  /** Published posts only, with when they last changed. */
  blogs: { id: number; updatedAt: Date }[];
};

/** Ids and dates only (no descriptions or images), so this stays cheap with 100 000 products. */
export async function sitemapEntries(db: Database): Promise<SitemapEntries> {
  const [productRows, blogRows] = await Promise.all([
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(shownInShop)
      .orderBy(asc(products.id)),
    db
      .select({ id: blogs.id, updatedAt: blogs.updatedAt })
      .from(blogs)
      .where(published)
      .orderBy(asc(blogs.id)),
  ]);
  return { products: productRows, blogs: blogRows };
}
