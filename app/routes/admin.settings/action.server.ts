import type { ActionFunctionArgs } from "@remix-run/node";
import { requireOwner } from "~/auth.server";
import { getDb } from "~/db/db.server";
import { replyInvalid, replyWithError } from "~/form-reply.server";
import { parseWithZod } from "~/lib/forms/schemas.server";
import { settingsMessages, settingsPageSchema } from "~/lib/forms/settings";
import { addHoliday, removeHoliday, saveShopSettings } from "~/modules/settings/settings-admin.server";
import { readForm } from "~/read-form.server";
import { toasts } from "~/toast.server";

/** Owners only: the shop's settings, and the days it is closed. */
export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireOwner(request);
  const actor = { id: owner.id, name: owner.name };
  const submission = parseWithZod(await readForm(request), { schema: settingsPageSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw new Response("Unknown form", { status: 400 });
    return replyInvalid(submission, { toastFirst: true });
  }
  const db = await getDb();
  const change = submission.value;
  switch (change.intent) {
    case "settings": {
      const { intent: _, ...values } = change;
      await saveShopSettings(db, actor, values);
      return toasts().redirectWithSuccess("/admin/settings", settingsMessages.saved, { status: 303 });
    }
    case "add-holiday": {
      if (!(await addHoliday(db, actor, change.day, change.name))) {
        return replyWithError(submission, settingsMessages.holidayTaken, { status: 409, field: "day" });
      }
      return toasts().redirectWithSuccess("/admin/settings#holidays", settingsMessages.holidayAdded, {
        status: 303,
      });
    }
    case "remove-holiday":
      await removeHoliday(db, actor, change.day);
      return toasts().redirectWithSuccess("/admin/settings#holidays", settingsMessages.holidayRemoved, {
        status: 303,
      });
  }
}
