import { Link } from "@remix-run/react";
import { formatLongDate } from "~/lib/dates";
import { cutText } from "~/lib/text";

export const DEFAULT_BLOG_IMAGE = "/images/blogs/default.svg";

/** Characters of the description a card shows before the ellipsis. */
export const BLOG_SUMMARY_LIMIT = 70;

export type BlogCardData = {
  id: number;
  title: string;
  /** The description as plain text (plainText on the server); the card cuts it. */
  summary: string;
  /** URL of the first image, or null for the default picture. */
  image: string | null;
  /** When the post was published: a Date, or its ISO string as it arrives through a loader's JSON. */
  date: Date | string;
};

/**
 * A blog teaser: image, date, title, the start of the description and a Read More link whose accessible
 * name includes the title. Use it as `<BlogCard {...card} />` with a card from toBlogCard (blog.server).
 * `headingLevel` is the title's level: 2 (default) on /blogs under the page's h1, 3 inside a section that
 * has its own h2, such as the home page's Our Latest Blogs.
 */
export function BlogCard({ headingLevel = 2, ...blog }: BlogCardData & { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const published = new Date(blog.date);
  return (
    <article className="blog-card">
      <img
        className="blog-card-image"
        src={blog.image ?? DEFAULT_BLOG_IMAGE}
        alt=""
        width="1200"
        height="600"
        loading="lazy"
      />
      <div className="blog-card-body">
        <p className="blog-date">
          <time dateTime={published.toISOString()}>{formatLongDate(published)}</time>
        </p>
        <Heading className="blog-card-title">{blog.title}</Heading>
        <p className="blog-card-summary">{cutText(blog.summary, BLOG_SUMMARY_LIMIT)}</p>
        <Link to={`/blog/${blog.id}`} className="button blog-read-more">
          Read More<span className="visually-hidden"> about {blog.title}</span>
        </Link>
      </div>
    </article>
  );
}
