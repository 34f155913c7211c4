import type { Database } from "~/db/client.server";
import type { Actor } from "~/features/audit/index.server";
import { imageUploadSchema } from "~/features/catalogue/schemas";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";
import {
  deleteUploadedImage,
  type ImageFolder,
  imageProblemReplies,
  storeUploadedImage,
} from "./images.server";

/*
 * The back office's picture uploads, `/admin/products/<id>/images` and `/admin/blogs/<id>/images`: a multipart
 * post with a limit of its own (app/lib/request-limits.mjs). Each is a child route of its owner's edit page,
 * so a refused upload shows there with its message, with JavaScript off too. The routes say what the picture
 * belongs to and check the member's role; the rest is here.
 */

/** Why an owner takes no picture: the message on the form's picture field, and the status. */
export type ImageRefusal = { message: string; status: number };

/**
 * Stores the picture `member` posted and gives it to its owner (the product or post `id`), then goes back to the
 * owner's edit page with `done`'s toast. An owner that is not there is `notFound`, looked for before a byte of
 * the picture is decoded, as `refusal` is asked (a product with no room left). A picture refused for its bytes
 * is answered by imageProblemReplies; one the owner no longer takes (gone, or full meanwhile) is deleted again,
 * and so are the files `attach` says it replaced.
 */
export async function imageUploadAction<Owner>(
  request: Request,
  { id: idParam, member, db }: { id: string | undefined; member: Actor; db: Database },
  upload: {
    folder: ImageFolder;
    notFound: () => Response;
    find: (db: Database, id: number) => Promise<Owner | null>;
    refusal?: (owner: Owner) => ImageRefusal | null;
    attach: (
      db: Database,
      by: Actor,
      id: number,
      picture: { url: string; alt: string | undefined },
      owner: Owner,
    ) => Promise<{ ok: true; replaced?: { url: string }[] } | { ok: false; refusal?: ImageRefusal }>;
    done: (id: number) => { to: string; message: string };
  },
) {
  const id = parseId(idParam);
  if (id === undefined) throw upload.notFound();
  const owner = await upload.find(db, id);
  if (owner === null) throw upload.notFound();
  const submission = parseWithZod(await readForm(request, imageUploadSchema), { schema: imageUploadSchema });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: ["image"] });
  const refuse = ({ message, status }: ImageRefusal) =>
    replyWithError(submission, message, { status, field: "image", hideFields: ["image"] });
  const refusal = upload.refusal?.(owner);
  if (refusal) return refuse(refusal);

  const { image, alt } = submission.value;
  const stored = await storeUploadedImage(new Uint8Array(await image.arrayBuffer()), upload.folder);
  if (!stored.ok) return refuse(imageProblemReplies[stored.problem]);
  const by = { id: member.id, name: member.name };
  const attached = await upload.attach(db, by, id, { url: stored.url, alt }, owner);
  if (!attached.ok) {
    // The owner vanished or filled up meanwhile: its picture file goes too.
    await deleteUploadedImage(stored.url);
    if (!attached.refusal) throw upload.notFound();
    return refuse(attached.refusal);
  }
  // Only files the upload module gave out are deleted (the seed's own pictures stay).
  for (const old of attached.replaced ?? []) await deleteUploadedImage(old.url);
  const done = upload.done(id);
  return toasts().redirectWithSuccess(done.to, done.message, { status: 303 });
}
