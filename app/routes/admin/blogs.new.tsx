import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { BlogPostForm, contentAdminMessages } from "~/features/content";
import { blogCategories, blogPostSchema, createBlogPost } from "~/features/content/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { getZodConstraint, parseWithZod } from "~/lib/forms/zod-forms.server";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

export const meta: MetaFunction = () => adminMeta("New blog post");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  return json({
    categories: await blogCategories(await getDb()),
    constraint: getZodConstraint(blogPostSchema),
  });
}

/** A new post is saved as a draft; it goes on the shop when it is published from its page. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const formData = await readForm(request, blogPostSchema);
  const submission = parseWithZod(formData, { schema: blogPostSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const saved = await createBlogPost(await getDb(), { id: member.id, name: member.name }, submission.value);
  if (!saved.ok) {
    return replyWithError(submission, contentAdminMessages.descriptionEmpty, {
      status: 422,
      field: "description",
    });
  }
  return toasts().redirectWithSuccess(`/admin/blogs/${saved.id}`, contentAdminMessages.draftSaved, {
    status: 303,
  });
}

export default function NewBlogPost() {
  const { categories, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <p className="admin-back">
        <Link to="/admin/blogs">
          <span aria-hidden="true">← </span>All posts
        </Link>
      </p>
      <h1>New blog post</h1>
      <p>The post is saved as a draft: shoppers see it once you publish it from its page.</p>
      <BlogPostForm
        id="new-post"
        heading="Post"
        lastResult={answer?.result}
        constraint={constraint}
        categories={categories}
        submitLabel="Save draft"
        pendingLabel="Saving…"
      />
    </>
  );
}
