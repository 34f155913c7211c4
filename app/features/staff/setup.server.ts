import type { Database } from "~/db/client.server";
import { absoluteUrl } from "~/lib/urls";
import { createSetupLink, SETUP_LINK_HOURS } from "./staff.server";

/**
 * First run: while no owner who can log in exists, every start prints a fresh one-time link where a person creates
 * the owner account (the link is the only way in, like a reset link: it is printed to the server's own
 * console once, never written to the access log, and works for 24 hours).
 */
export async function announceSetupLink(
  db: Database,
  publicUrl: string,
  print: (line: string) => void = console.info,
): Promise<string | null> {
  const token = await createSetupLink(db);
  if (!token) return null;
  const url = absoluteUrl(publicUrl, `/admin/setup/${token}`);
  print(
    `Back office: no owner account yet. Create the owner account at ${url} (valid ${SETUP_LINK_HOURS} hours, once; a new link is printed at every start until then).`,
  );
  return url;
}
