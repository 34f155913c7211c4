import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { catalogueImportMessages } from "~/features/catalogue";
import { catalogueImportSchema, previewPage, uploadCatalogue } from "~/features/catalogue/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { readForm } from "~/lib/read-form.server";
import { inlineToast } from "~/lib/toast.server";

/**
 * An uploaded catalogue file: read, checked row by row and kept with its preview. A file the shop cannot read
 * as a catalogue is refused here (400); one with errors in its rows is refused too (400), its preview listing
 * them; otherwise the preview's own page shows what it would do.
 */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const submission = parseWithZod(await readForm(request, catalogueImportSchema), {
    schema: catalogueImportSchema,
  });
  const none = { preview: null, message: undefined, toast: null };
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: ["file"] }, none);
  const { file } = submission.value;
  const uploaded = await uploadCatalogue(await getDb(), member.id, {
    name: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
  });
  if (!uploaded.ok) {
    return json(
      {
        result: submission.reply({ formErrors: [uploaded.problem], hideFields: ["file"] }),
        ...none,
        toast: inlineToast("error", uploaded.problem),
      },
      { status: 400 },
    );
  }
  if (uploaded.kept.preview.counts.errors > 0) {
    return json(
      {
        result: submission.reply({ hideFields: ["file"] }),
        preview: previewPage(uploaded.kept, 1),
        message: catalogueImportMessages.refused,
        toast: inlineToast("error", catalogueImportMessages.refused),
      },
      { status: 400 },
    );
  }
  throw redirect(`/admin/products/import/${uploaded.kept.id}`, { status: 303 });
}
