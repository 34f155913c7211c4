import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { catalogueImportMessages as messages } from "~/features/catalogue";
import {
  catalogueCommitSchema,
  commitImport,
  discardImport,
  importGone,
  previewPage,
} from "~/features/catalogue/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { inlineToast, toasts } from "~/lib/toast.server";

/**
 * The preview's buttons. Import writes the whole file or nothing; when the file now has errors, or would now
 * do other than the preview showed, nothing is written and the renewed preview is shown (400, 409).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const id = parseId(params.id);
  if (id === undefined) throw importGone();
  const submission = parseWithZod(await readForm(request, catalogueCommitSchema), {
    schema: catalogueCommitSchema,
  });
  if (submission.status !== "success") {
    return json(
      { preview: null, message: messages.badForm, toast: inlineToast("error", messages.badForm) },
      { status: 400 },
    );
  }
  const db = await getDb();
  if (submission.value.intent === "discard") {
    if (!(await discardImport(db, member.id, id))) throw importGone();
    return toasts().redirectWithInfo("/admin/products", messages.discarded, { status: 303 });
  }
  const done = await commitImport(db, { id: member.id, name: member.name }, id, submission.value.fileHash);
  if (done.ok) {
    const message =
      done.created + done.updated === 0
        ? messages.nothingToDo
        : messages.imported(done.created, done.updated);
    return toasts().redirectWithSuccess("/admin/products", message, { status: 303 });
  }
  if (done.problem === "gone") throw importGone();
  if (done.problem === "other-file") {
    return json(
      { preview: null, message: messages.otherFile, toast: inlineToast("error", messages.otherFile) },
      { status: 409 },
    );
  }
  const message = done.problem === "errors" ? messages.refused : messages.changedSincePreview;
  return json(
    { preview: previewPage(done.kept, 1), message, toast: inlineToast("error", message) },
    { status: done.problem === "errors" ? 400 : 409 },
  );
}
