import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { imageUploadSchema } from "~/features/catalogue/index.server";
import { contentAdminMessages } from "~/features/content";
import { getBlogPost, setBlogPicture } from "~/features/content/index.server";
import { deleteUploadedImage, imageProblemReplies, storeUploadedImage } from "~/features/images/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

export const notFound = () => json({ message: contentAdminMessages.postNotFound }, { status: 404 });

/**
 * A post's picture (one per post; a new one replaces the old, whose file is deleted). A multipart post with a
 * limit of its own (app/lib/request-limits.mjs); a refused upload shows on the post's edit page around it.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const db = await getDb();
  const post = await getBlogPost(db, id);
  if (!post) throw notFound();
  const submission = parseWithZod(await readForm(request, imageUploadSchema), { schema: imageUploadSchema });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: ["image"] });

  const { image, alt } = submission.value;
  const stored = await storeUploadedImage(new Uint8Array(await image.arrayBuffer()), "blogs");
  if (!stored.ok) {
    const problem = imageProblemReplies[stored.problem];
    return replyWithError(submission, problem.message, {
      status: problem.status,
      field: "image",
      hideFields: ["image"],
    });
  }
  const changed = await setBlogPicture(db, { id: member.id, name: member.name }, id, {
    url: stored.url,
    alt: alt || post.title,
  });
  if (!changed.ok) {
    await deleteUploadedImage(stored.url);
    throw notFound();
  }
  // Only files the upload module gave out are deleted (the seed's own pictures stay).
  for (const old of changed.replaced) await deleteUploadedImage(old.url);
  return toasts().redirectWithSuccess(`/admin/blogs/${id}`, contentAdminMessages.pictureChanged, {
    status: 303,
  });
}
