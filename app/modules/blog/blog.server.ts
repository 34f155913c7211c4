import { asc, desc, eq } from "drizzle-orm";
import type { BlogCardData } from "~/components/blog/BlogCard";
import type { Database } from "~/db/client.server";
import { blogs, type ProductImage, products } from "~/db/schema";
import { shownInShop } from "~/modules/catalogue/visibility.server";
import { plainText } from "~/modules/content/sanitize.server";

export type Blog = {
  id: number;
  title: string;
  /** Stored HTML: pass it through sanitizeDescription before rendering. */
  description: string;
  category: string;
  images: ProductImage[];
  createdAt: Date;
};

const blogColumns = {
  id: blogs.id,
  title: blogs.title,
  description: blogs.description,
  category: blogs.category,
  images: blogs.images,
  createdAt: blogs.createdAt,
};

const newestFirst = [desc(blogs.createdAt), desc(blogs.id)];

/** Every blog, newest first (ties broken by id, so the order is stable). */
export async function listBlogs(db: Database): Promise<Blog[]> {
  return db
    .select(blogColumns)
    .from(blogs)
    .orderBy(...newestFirst);
}

/** The `n` newest blogs, for the home page's Our Latest Blogs. */
export async function latestBlogs(db: Database, n: number): Promise<Blog[]> {
  if (n <= 0) return [];
  return db
    .select(blogColumns)
    .from(blogs)
    .orderBy(...newestFirst)
    .limit(n);
}

/** One blog, or null when the id is unknown. */
export async function getBlog(db: Database, id: number): Promise<Blog | null> {
  const [blog] = await db.select(blogColumns).from(blogs).where(eq(blogs.id, id)).limit(1);
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
    createdAt: blog.createdAt.toISOString(),
  };
}

export type SitemapEntries = {
  products: { id: number; updatedAt: Date }[];
  blogs: { id: number; createdAt: Date }[];
};

/** Ids and dates only (no descriptions or images), so this stays cheap with 100 000 products. */
export async function sitemapEntries(db: Database): Promise<SitemapEntries> {
  const [productRows, blogRows] = await Promise.all([
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(shownInShop)
      .orderBy(asc(products.id)),
    db.select({ id: blogs.id, createdAt: blogs.createdAt }).from(blogs).orderBy(asc(blogs.id)),
  ]);
  return { products: productRows, blogs: blogRows };
}
