import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useOutlet } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { SanitizedHtml } from "~/components/SanitizedHtml";
import { BlogPostForm } from "~/features/content";
import { ImageUploadForm } from "~/features/images";
import type { action } from "./action.server";
import type { loader } from "./loader.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `${data.post.title} (blog post)` : "Blog post not found");

/** The form posts are handled in action.server.ts, so the page's JavaScript leaves out what they need. */
export { action } from "./action.server";
/** The page's data is read in loader.server.ts, so its JavaScript leaves out what that needs. */
export { loader } from "./loader.server";

export default function BlogPostPage() {
  const { post, preview, categories, constraints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const publishing = useIsPending({ intent: post.published ? "unpublish" : "publish" });
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
        {post.published ? (
          <p>
            <span className="admin-badge admin-badge-on">Published</span> {post.published}: shoppers see it on
            the Blogs page and at <Link to={`/blog/${post.id}`}>/blog/{post.id}</Link>.
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
            value={post.published ? "unpublish" : "publish"}
            className={post.published ? "button-secondary" : undefined}
            disabled={publishing}
          >
            {publishing ? "Saving…" : post.published ? "Unpublish" : "Publish"}
          </button>
        </Form>
        <p className="admin-meta">
          Written {post.written} · last changed {post.changed}
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
