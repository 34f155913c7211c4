import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { zoneMessages } from "~/features/delivery";
import { createZone, zoneCreateSchema } from "~/features/delivery/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

/** Adds a zone (owners only), then back to the list. */
export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireBackOffice(request);
  const submission = parseWithZod(await readForm(request, zoneCreateSchema), { schema: zoneCreateSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const created = await createZone(await getDb(), { id: owner.id, name: owner.name }, submission.value);
  // Only when no zone delivers yet (the list was emptied by hand) and the new one does not either.
  if (!created.ok)
    return replyWithError(submission, zoneMessages.noneServed, { status: 409, field: "delivers" });
  return toasts().redirectWithSuccess("/admin/zones", zoneMessages.created, { status: 303 });
}
