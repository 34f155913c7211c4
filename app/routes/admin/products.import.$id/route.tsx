import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { Toasts } from "~/components/layout/Toasts";
import { ImportPreview } from "~/features/catalogue";
import type { action } from "./action.server";
import type { loader } from "./loader.server";

export const meta: MetaFunction = () => adminMeta("Import preview");

/** The data and the two buttons are in .server.ts files, so the page's JavaScript leaves them out. */
export { action } from "./action.server";
export { loader } from "./loader.server";

export default function ImportPreviewPage() {
  const { preview } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <div className="admin-title-row">
        <h1>Import products</h1>
        <Link to="/admin/products">Back to products</Link>
      </div>
      <ImportPreview preview={answer?.preview ?? preview} message={answer?.message} />
    </>
  );
}
