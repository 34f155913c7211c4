import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { productAdminMessages } from "~/features/catalogue";
import {
  addProductImage,
  imageSlotsLeft,
  imageUploadSchema,
  PRODUCT_LIMITS,
} from "~/features/catalogue/index.server";
import { deleteUploadedImage, imageProblemReplies, storeUploadedImage } from "~/features/images/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

export const notFound = () => json({ message: productAdminMessages.notFound }, { status: 404 });

/**
 * A picture upload (the only multipart post with more than 64 KB, app/lib/request-limits.mjs). The page
 * around it is the product's edit page (this route is its child), so a refused upload shows there with its
 * message, with JavaScript off too.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const db = await getDb();
  // Before a byte of the picture is decoded: the product must exist and have room for it.
  const slots = await imageSlotsLeft(db, id);
  if (slots === null) throw notFound();
  const submission = parseWithZod(await readForm(request, imageUploadSchema), { schema: imageUploadSchema });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: ["image"] });
  const refuse = (message: string, status: number) =>
    replyWithError(submission, message, { status, field: "image", hideFields: ["image"] });
  if (slots === 0) return refuse(productAdminMessages.tooManyImages(PRODUCT_LIMITS.images), 409);

  const { image, alt } = submission.value;
  const stored = await storeUploadedImage(new Uint8Array(await image.arrayBuffer()), "products");
  if (!stored.ok)
    return refuse(imageProblemReplies[stored.problem].message, imageProblemReplies[stored.problem].status);
  const added = await addProductImage(db, { id: member.id, name: member.name }, id, { url: stored.url, alt });
  if (!added.ok) {
    // The product vanished or filled up meanwhile: its picture file goes too.
    await deleteUploadedImage(stored.url);
    if (added.problem === "not-found") throw notFound();
    return refuse(productAdminMessages.tooManyImages(PRODUCT_LIMITS.images), 409);
  }
  return toasts().redirectWithSuccess(`/admin/products/${id}`, productAdminMessages.imageAdded, {
    status: 303,
  });
}
