import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { imageUploadSchema } from "~/features/catalogue/index.server";
import { blogCategories, blogPostSchema, getBlogPost } from "~/features/content/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { formatLongDate } from "~/lib/dates";
import { getZodConstraint } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { sanitizeDescription } from "~/lib/sanitize.server";
import { notFound } from "./action.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const id = parseId(params.id);
  const db = await getDb();
  const post = id === undefined ? null : await getBlogPost(db, id);
  if (!post) throw notFound();
  return json({
    post: {
      id: post.id,
      title: post.title,
      category: post.category,
      description: post.description,
      images: post.images,
      // Dates are written here, so the page's JavaScript carries no date formatting.
      published: post.publishedAt ? formatLongDate(post.publishedAt) : null,
      written: formatLongDate(post.createdAt),
      changed: formatLongDate(post.updatedAt),
      // The version a save is checked against (a stale copy is refused).
      updatedAt: post.updatedAt.toISOString(),
    },
    // Rendered as the shop renders it (sanitised again on the way out, like every description).
    preview: sanitizeDescription(post.description),
    categories: await blogCategories(db),
    constraints: { post: getZodConstraint(blogPostSchema), image: getZodConstraint(imageUploadSchema) },
  });
}
