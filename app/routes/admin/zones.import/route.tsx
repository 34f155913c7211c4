import type { LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { Toasts } from "~/components/layout/Toasts";
import { ZoneImportForm } from "~/features/delivery";
import { requireBackOffice } from "~/lib/auth.server";
import type { action } from "./action.server";

/** The page is the zones page around the import form; the role is checked here too. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  return null;
}

/** The upload is handled in action.server.ts, so the page's JavaScript leaves out what it needs. */
export { action } from "./action.server";

export default function ImportZones() {
  const answer = useActionData<typeof action>();
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <ZoneImportForm lastResult={answer?.result} problems={answer?.problems} />
    </>
  );
}
