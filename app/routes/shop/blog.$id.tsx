import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SanitizedHtml } from "~/components/SanitizedHtml";
import { getDb } from "~/db/db.server";
import { DEFAULT_BLOG_IMAGE } from "~/features/content";
import { getBlog } from "~/features/content/index.server";
import { config } from "~/lib/config.server";
import { formatLongDate } from "~/lib/dates";
import { linkPreviewTags } from "~/lib/link-preview";
import { parseId } from "~/lib/params";
import { plainText, sanitizeDescription } from "~/lib/sanitize.server";
import { shop } from "~/lib/shop";
import { absoluteUrl } from "~/lib/urls";
import blogStyles from "~/styles/blog.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: blogStyles }];

export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const blog = id === undefined ? null : await getBlog(await getDb(), id);
  if (!blog) throw new Response("Blog not found", { status: 404 });
  const image = blog.images[0];
  const { publicUrl } = config();
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
    preview: {
      url: absoluteUrl(publicUrl, `/blog/${blog.id}`),
      // A blog without a picture previews with the same default picture its page shows.
      image: absoluteUrl(publicUrl, image?.url ?? DEFAULT_BLOG_IMAGE),
      imageAlt: image?.alt || blog.title,
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.blog.title} | ${shop.name}` },
        { name: "description", content: data.summary },
        ...linkPreviewTags({
          type: "article",
          title: data.blog.title,
          description: data.summary,
          ...data.preview,
        }),
        { property: "article:published_time", content: data.blog.publishedAt },
      ]
    : [{ title: `Blog not found | ${shop.name}` }];

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
