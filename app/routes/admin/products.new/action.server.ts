import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { productAdminMessages } from "~/features/catalogue";
import {
  createProduct,
  productFormSchema,
  productProblemReply,
  productValuesOf,
} from "~/features/catalogue/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const submission = parseWithZod(await readForm(request, productFormSchema), { schema: productFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const values = productValuesOf(submission.value);
  const saved = await createProduct(await getDb(), { id: member.id, name: member.name }, values);
  if (!saved.ok) {
    const { message, status, field } = productProblemReply(saved);
    return replyWithError(submission, message, { status, field });
  }
  // The category was typed with JavaScript off, so the form had none of its specification's fields yet.
  const message =
    values.specs.unshown.length > 0 ? productAdminMessages.createdFillSpecs : productAdminMessages.created;
  return toasts().redirectWithSuccess(`/admin/products/${saved.id}`, message, { status: 303 });
}
