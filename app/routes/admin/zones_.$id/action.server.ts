import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { zoneMessages } from "~/features/delivery";
import { deleteZone, updateZone, zoneEditSchema } from "~/features/delivery/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { inlineToast, toasts } from "~/lib/toast.server";

export const notFound = () => json({ message: zoneMessages.notFound }, { status: 404 });

/** The edit page's forms: save the zone, or delete it (after the confirmation step). */
export async function action({ request, params }: ActionFunctionArgs) {
  const owner = await requireBackOffice(request);
  const actor = { id: owner.id, name: owner.name };
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const submission = parseWithZod(await readForm(request, zoneEditSchema), { schema: zoneEditSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw new Response("Unknown form", { status: 400 });
    // A version that is not one the page sent can only be an old or altered copy: refused as stale, once the
    // fields themselves are right (their messages come first).
    if (submission.error?.version && Object.keys(submission.error).length === 1) {
      return replyWithError(submission, zoneMessages.stale, { status: 409 }, { intent: "save" as const });
    }
    return replyInvalid(submission, {}, { intent: "save" as const });
  }
  const db = await getDb();
  const form = submission.value;
  if (form.intent === "delete") {
    const deleted = await deleteZone(db, actor, id);
    if (deleted.ok)
      return toasts().redirectWithSuccess("/admin/zones", zoneMessages.deleted, { status: 303 });
    if (deleted.problem === "not-found") throw notFound();
    return json(
      {
        intent: "delete" as const,
        message: zoneMessages.noneServed,
        toast: inlineToast("error", zoneMessages.noneServed),
      },
      { status: 409 },
    );
  }
  const saved = await updateZone(db, actor, id, form.version, form.zone);
  if (saved.ok) return toasts().redirectWithSuccess("/admin/zones", zoneMessages.saved, { status: 303 });
  if (saved.problem === "not-found") throw notFound();
  const [message, field] =
    saved.problem === "stale" ? [zoneMessages.stale, undefined] : [zoneMessages.noneServed, "delivers"];
  return replyWithError(submission, message, { status: 409, field }, { intent: "save" as const });
}
