import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { Toasts } from "~/components/layout/Toasts";
import { ZoneForm } from "~/features/delivery";
import { requireBackOffice } from "~/lib/auth.server";
import type { action } from "./action.server";

export const meta: MetaFunction = () => adminMeta("New delivery zone");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  return null;
}

/** The form posts are handled in action.server.ts, so the page's JavaScript leaves out what they need. */
export { action } from "./action.server";

export default function NewZone() {
  const answer = useActionData<typeof action>();
  return (
    <div className="admin-page">
      <Toasts toast={answer?.toast ?? null} />
      <p>
        <Link to="/admin/zones">← All delivery zones</Link>
      </p>
      <h1>New delivery zone</h1>
      <ZoneForm
        lastResult={answer?.result}
        defaults={{ delivers: "on", cashOnDelivery: "on", standardMin: "5", standardMax: "7" }}
        submitLabel="Add zone"
      />
    </div>
  );
}
