import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { contentAdminMessages } from "~/features/content";
import {
  blogPostChangeSchema,
  setBlogPicture,
  setBlogPublished,
  updateBlogPost,
} from "~/features/content/index.server";
import { deleteUploadedImage } from "~/features/images/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

export const notFound = () => json({ message: contentAdminMessages.postNotFound }, { status: 404 });

/** Save the post's text, publish it, or take it off the shop. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
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
