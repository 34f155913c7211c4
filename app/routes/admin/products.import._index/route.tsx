import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { Toasts } from "~/components/layout/Toasts";
import { CatalogueUploadForm, ImportPreview } from "~/features/catalogue";
import { requireBackOffice } from "~/lib/auth.server";
import type { action } from "./action.server";

export const meta: MetaFunction = () => adminMeta("Import products");

/** Owners and staff, as the product form. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  return null;
}

/** The upload is read in action.server.ts, so the page's JavaScript leaves out what it needs. */
export { action } from "./action.server";

export default function ImportProducts() {
  const answer = useActionData<typeof action>();
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <div className="admin-title-row">
        <h1>Import products</h1>
        <Link to="/admin/products">Back to products</Link>
      </div>
      {answer?.preview ? <ImportPreview preview={answer.preview} message={answer.message} /> : null}
      <CatalogueUploadForm lastResult={answer?.result} />
    </>
  );
}
