import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { imageUploadSchema } from "~/features/catalogue/index.server";
import { ImageUploadPage } from "~/features/images";
import { requireBackOffice } from "~/lib/auth.server";
import { getZodConstraint } from "~/lib/forms/zod-forms.server";
import type { action } from "./action.server";

/** The page is the edit page around the upload form; the role is checked here too. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  return json({ constraint: getZodConstraint(imageUploadSchema) });
}

/** The form posts are handled in action.server.ts, so the page's JavaScript leaves out what they need. */
export { action } from "./action.server";

export default function UploadImage() {
  const answer = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const params = useParams();
  return (
    <ImageUploadPage
      action={`/admin/products/${params.id}/images`}
      owner="product"
      answer={answer}
      constraint={constraint}
    />
  );
}
