import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import {
  addHoliday,
  gstSettingsSchema,
  removeHoliday,
  saveGrievanceContact,
  saveGstSettings,
  saveShopSettings,
  settingsFormsSchema,
  settingsMessages,
  settingsPageSchema,
} from "~/features/settings/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

/** Owners only: the shop's settings, and the days it is closed. */
export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireBackOffice(request);
  const actor = { id: owner.id, name: owner.name };
  const formData = await readForm(request, settingsFormsSchema);
  const db = await getDb();
  // The GST registration's form has rules across its fields, so it is read by its own schema.
  if (formData.get("intent") === "gst") {
    const gst = parseWithZod(formData, { schema: gstSettingsSchema });
    if (gst.status !== "success") return replyInvalid(gst, { toastFirst: true });
    const { intent: _, ...values } = gst.value;
    await saveGstSettings(db, actor, values);
    return toasts().redirectWithSuccess("/admin/settings#gst", settingsMessages.gstSaved, { status: 303 });
  }
  const submission = parseWithZod(formData, { schema: settingsPageSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw new Response("Unknown form", { status: 400 });
    return replyInvalid(submission, { toastFirst: true });
  }
  const change = submission.value;
  switch (change.intent) {
    case "settings": {
      const { intent: _, ...values } = change;
      await saveShopSettings(db, actor, values);
      return toasts().redirectWithSuccess("/admin/settings", settingsMessages.saved, { status: 303 });
    }
    case "grievance": {
      const { intent: _, ...values } = change;
      await saveGrievanceContact(db, actor, values);
      return toasts().redirectWithSuccess("/admin/settings#grievance", settingsMessages.grievanceSaved, {
        status: 303,
      });
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
