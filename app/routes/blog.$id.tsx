import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DEFAULT_BLOG_IMAGE } from "~/components/blog/BlogCard";
import { SanitizedHtml } from "~/components/SanitizedHtml";
import { getDb } from "~/db/db.server";
import { formatLongDate } from "~/lib/dates";
import { parseId } from "~/lib/params";
import { getBlog } from "~/modules/blog/blog.server";
import { plainText, sanitizeDescription } from "~/modules/content/sanitize.server";
import blogStyles from "~/styles/blog.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: blogStyles }];

export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const blog = id === undefined ? null : await getBlog(await getDb(), id);
  if (!blog) throw new Response("Blog not found", { status: 404 });
  const image = blog.images[0];
  return json({
    blog: {
      id: blog.id,
      title: blog.title,
      category: blog.category,
      publishedAt: blog.publishedAt.toISOString(),
      image: image ? { url: image.url, alt: image.alt ?? "" } : null,
      description: sanitizeDescription(blog.description),
    },
    summary: plainText(blog.description).slice(0, 160),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.blog.title} | Kaveri Computers` }, { name: "description", content: data.summary }]
    : [{ title: "Blog not found | Kaveri Computers" }];

export default function BlogPage() {
  const { blog } = useLoaderData<typeof loader>();
  return (
    <article className="container page blog-detail">
      <p className="blog-back">
        <Link to="/blogs">
          <span aria-hidden="true">← </span>Go back to Blogs
        </Link>
      </p>
      <h1>{blog.title}</h1>
      <p className="blog-date">
        <time dateTime={blog.publishedAt}>{formatLongDate(blog.publishedAt)}</time>
        <span className="blog-category"> · {blog.category}</span>
      </p>
      <img
        className="blog-detail-image"
        src={blog.image?.url ?? DEFAULT_BLOG_IMAGE}
        alt={blog.image?.alt ?? ""}
        width="1200"
        height="600"
      />
      <SanitizedHtml html={blog.description} className="rich-text blog-body" />
    </article>
  );
}
