import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { productAdminMessages } from "~/features/catalogue";
import {
  type ImageChange,
  moveProductImage,
  productEditSchema,
  productProblemReply,
  productValuesOf,
  removeProductImage,
  setImageAlt,
  setProductHidden,
  updateProduct,
} from "~/features/catalogue/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { inlineToast, toasts } from "~/lib/toast.server";

export const notFound = () => json({ message: productAdminMessages.notFound }, { status: 404 });

/** A refused picture form (a picture removed meanwhile in another tab, say): the page shows them as they are. */
const pictureRefused = (message: string, status: number) =>
  json({ intent: "picture" as const, toast: inlineToast("error", message) }, { status });

const imageMessages = {
  "image-up": productAdminMessages.imageMoved,
  "image-down": productAdminMessages.imageMoved,
  "image-remove": productAdminMessages.imageRemoved,
  "image-alt": productAdminMessages.altSaved,
} as const;

/** The edit page's forms: save the fields, hide or show, and move, describe or remove a picture. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const actor = { id: member.id, name: member.name };
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const here = `/admin/products/${id}`;
  const submission = parseWithZod(await readForm(request, productEditSchema), { schema: productEditSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw new Response("Unknown form", { status: 400 });
    // A picture's form: its message as a toast, the product form left as it was.
    if (submission.payload.intent !== "save") {
      const first = Object.values(submission.error ?? {}).flat()[0];
      return pictureRefused(first ?? productAdminMessages.imageGone, 400);
    }
    // A version that is not one the page sent can only be an old or altered copy: refused like a stale one
    // (once the fields themselves are right, so their messages come first).
    if (submission.error?.version && Object.keys(submission.error).length === 1) {
      return replyWithError(
        submission,
        productAdminMessages.stale,
        { status: 409 },
        { intent: "save" as const },
      );
    }
    return replyInvalid(submission, {}, { intent: "save" as const });
  }
  const db = await getDb();
  const form = submission.value;
  switch (form.intent) {
    case "save": {
      const values = productValuesOf(form);
      const saved = await updateProduct(db, actor, id, form.version, values);
      if (saved.ok) {
        // A new category or type with JavaScript off: the form showed the old one's fields, so some are new.
        const message =
          values.specs.unshown.length > 0 ? productAdminMessages.savedFillSpecs : productAdminMessages.saved;
        return toasts().redirectWithSuccess(here, message, { status: 303 });
      }
      if (saved.problem === "not-found") throw notFound();
      const { message, status, field } = productProblemReply(saved);
      return replyWithError(submission, message, { status, field }, { intent: "save" as const });
    }
    case "hide":
    case "show": {
      const hidden = form.intent === "hide";
      const changed = await setProductHidden(db, actor, id, hidden);
      if (!changed.ok) throw notFound();
      const message = hidden ? productAdminMessages.hidden : productAdminMessages.shown;
      return toasts().redirectWithSuccess(here, message, { status: 303 });
    }
    case "image-up":
    case "image-down":
    case "image-remove":
    case "image-alt": {
      let changed: ImageChange;
      if (form.intent === "image-remove") changed = await removeProductImage(db, actor, id, form.image);
      else if (form.intent === "image-alt") changed = await setImageAlt(db, actor, id, form.image, form.alt);
      else
        changed = await moveProductImage(
          db,
          actor,
          id,
          form.image,
          form.intent === "image-up" ? "up" : "down",
        );
      if (changed.ok) return toasts().redirectWithSuccess(here, imageMessages[form.intent], { status: 303 });
      if (changed.problem === "not-found") throw notFound();
      return pictureRefused(productAdminMessages.imageGone, 409);
    }
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}
