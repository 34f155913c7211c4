import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useOutlet } from "@remix-run/react";
import { requireStaff } from "~/auth.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { BlogPostForm } from "~/components/admin/BlogPostForm";
import { ImageUploadForm } from "~/components/admin/ImageUploadForm";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { SanitizedHtml } from "~/components/SanitizedHtml";
import { getDb } from "~/db/db.server";
import { replyInvalid, replyWithError } from "~/form-reply.server";
import { contentAdminMessages } from "~/lib/admin-messages";
import { formatLongDate } from "~/lib/dates";
import {
  blogPostChangeSchema,
  blogPostSchema,
  getZodConstraint,
  imageUploadSchema,
  parseWithZod,
} from "~/lib/forms/schemas.server";
import { parseId } from "~/lib/params";
import {
  blogCategories,
  getBlogPost,
  setBlogPicture,
  setBlogPublished,
  updateBlogPost,
} from "~/modules/blog/blog-admin.server";
import { sanitizeDescription } from "~/modules/content/sanitize.server";
import { deleteUploadedImage } from "~/modules/uploads/images.server";
import { readForm } from "~/read-form.server";
import { toasts } from "~/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `${data.post.title} (blog post)` : "Blog post not found");

const notFound = () => json({ message: contentAdminMessages.postNotFound }, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
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
      publishedAt: post.publishedAt?.toISOString() ?? null,
      createdAt: post.createdAt.toISOString(),
      updatedAt: post.updatedAt.toISOString(),
    },
    // Rendered as the shop renders it (sanitised again on the way out, like every description).
    preview: sanitizeDescription(post.description),
    categories: await blogCategories(db),
    constraints: { post: getZodConstraint(blogPostSchema), image: getZodConstraint(imageUploadSchema) },
  });
}

/** Save the post's text, publish it, or take it off the shop. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireStaff(request);
  const actor = { id: member.id, name: member.name };
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const formData = await readForm(request, blogPostChangeSchema);
  const submission = parseWithZod(formData, { schema: blogPostChangeSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw new Response("Unknown form", { status: 400 });
    if (submission.error?.version) {
      return replyWithError(submission, contentAdminMessages.postChangedMeanwhile, { status: 409 });
    }
    return replyInvalid(submission);
  }
  const db = await getDb();
  const change = submission.value;
  switch (change.intent) {
    case "save": {
      const { intent: _intent, version, ...values } = change;
      const saved = await updateBlogPost(db, actor, id, values, new Date(version));
      if (saved.ok) {
        return toasts().redirectWithSuccess(`/admin/blogs/${id}`, contentAdminMessages.postSaved, {
          status: 303,
        });
      }
      switch (saved.problem) {
        case "not-found":
          throw notFound();
        case "empty-description":
          return replyWithError(submission, contentAdminMessages.descriptionEmpty, {
            status: 422,
            field: "description",
          });
        case "changed-meanwhile":
          return replyWithError(submission, contentAdminMessages.postChangedMeanwhile, { status: 409 });
      }
      break;
    }
    case "publish":
    case "unpublish": {
      const publish = change.intent === "publish";
      const done = await setBlogPublished(db, actor, id, publish);
      if (!done.ok) throw notFound();
      const message = publish ? contentAdminMessages.published : contentAdminMessages.unpublished;
      return toasts().redirectWithSuccess(`/admin/blogs/${id}`, message, { status: 303 });
    }
    case "picture-remove": {
      const done = await setBlogPicture(db, actor, id, null);
      if (!done.ok) throw notFound();
      for (const old of done.replaced) await deleteUploadedImage(old.url);
      return toasts().redirectWithSuccess(`/admin/blogs/${id}`, contentAdminMessages.pictureRemoved, {
        status: 303,
      });
    }
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

export default function BlogPostPage() {
  const { post, preview, categories, constraints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const publishing = useIsPending({ intent: post.publishedAt ? "unpublish" : "publish" });
  const removingPicture = useIsPending({ intent: "picture-remove" });
  // A refused upload (the child route /images) shows its form, with the message, in place of the blank one.
  const outlet = useOutlet();
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <p className="admin-back">
        <Link to="/admin/blogs">
          <span aria-hidden="true">← </span>All posts
        </Link>
      </p>
      <h1>{post.title}</h1>

      <section className="admin-card" aria-labelledby="post-state-heading">
        <h2 id="post-state-heading">On the shop</h2>
        {post.publishedAt ? (
          <p>
            <span className="admin-badge admin-badge-on">Published</span> {formatLongDate(post.publishedAt)}:
            shoppers see it on the Blogs page and at <Link to={`/blog/${post.id}`}>/blog/{post.id}</Link>.
          </p>
        ) : (
          <p>
            <span className="admin-badge">Draft</span> Shoppers do not see this post until it is published.
          </p>
        )}
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={post.publishedAt ? "unpublish" : "publish"}
            className={post.publishedAt ? "button-secondary" : undefined}
            disabled={publishing}
          >
            {publishing ? "Saving…" : post.publishedAt ? "Unpublish" : "Publish"}
          </button>
        </Form>
        <p className="admin-meta">
          Written {formatLongDate(post.createdAt)} · last changed {formatLongDate(post.updatedAt)}
        </p>
      </section>

      {/* A saved change starts the form afresh from what was stored (sanitised); a refused one keeps the text. */}
      <BlogPostForm
        key={post.updatedAt}
        id="edit-post"
        heading="Edit the post"
        lastResult={answer?.result}
        constraint={constraints.post}
        defaultValue={{ title: post.title, category: post.category, description: post.description }}
        categories={categories}
        version={post.updatedAt}
        submitLabel="Save changes"
        pendingLabel="Saving…"
      />

      <section className="admin-card" aria-labelledby="post-pictures-heading">
        <h2 id="post-pictures-heading">The post's picture</h2>
        {post.images.length > 0 ? (
          <>
            <ul className="admin-thumbs">
              {post.images.map((image) => (
                <li key={image.url}>
                  <img src={image.url} alt={image.alt ?? ""} width="240" height="120" loading="lazy" />
                </li>
              ))}
            </ul>
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="picture-remove"
                className="button-small button-secondary"
                disabled={removingPicture}
              >
                Remove the picture
              </button>
            </Form>
          </>
        ) : (
          <p>No picture: the shop shows its default blog picture.</p>
        )}
        {outlet ?? (
          <ImageUploadForm
            action={`/admin/blogs/${post.id}/images`}
            owner="post"
            heading={post.images.length > 0 ? "Change the picture" : "Add a picture"}
            constraint={constraints.image}
          />
        )}
      </section>

      <section className="admin-card" aria-labelledby="post-preview-heading">
        <h2 id="post-preview-heading">How the saved text looks on the shop</h2>
        <SanitizedHtml html={preview} className="rich-text admin-preview" />
      </section>
    </>
  );
}
