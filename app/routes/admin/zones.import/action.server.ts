import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { zoneMessages, zonesFromCsv } from "~/features/delivery";
import { replaceZones, zoneImportSchema } from "~/features/delivery/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { readForm } from "~/lib/read-form.server";
import { inlineToast, toasts } from "~/lib/toast.server";

/**
 * A CSV file of zones replaces them all, or, when any row is wrong, changes nothing and lists what is wrong by
 * row (400). The only multipart post of the zones (its own 256 KB limit, app/lib/request-limits.mjs); its
 * page is the zones page, so the answer shows there, with JavaScript off too.
 */
export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireBackOffice(request);
  const submission = parseWithZod(await readForm(request, zoneImportSchema), { schema: zoneImportSchema });
  if (submission.status !== "success")
    return replyInvalid(submission, { hideFields: ["file"] }, { problems: [] as string[] });
  const refuse = (problems: string[]) =>
    json(
      {
        result: submission.reply({ formErrors: [zoneMessages.importRefused], hideFields: ["file"] }),
        problems,
        toast: inlineToast("error", zoneMessages.importRefused),
      },
      { status: 400 },
    );

  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await submission.value.file.arrayBuffer());
  } catch {
    return refuse([zoneMessages.fileNotText]);
  }
  const read = zonesFromCsv(text);
  if (!read.ok) return refuse(read.problems);
  const replaced = await replaceZones(await getDb(), { id: owner.id, name: owner.name }, read.zones);
  // The file was checked to deliver somewhere; this is the module's own guard, should that ever change.
  if (!replaced.ok) return refuse([zoneMessages.noneServed]);
  return toasts().redirectWithSuccess("/admin/zones", zoneMessages.imported(replaced.value), { status: 303 });
}
