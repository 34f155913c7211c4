import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDatabaseHandle } from "~/db/db.server";
import { backupSettingsOf, isBackupCommand, takeBackup } from "~/features/backups/index.server";
import { config } from "~/lib/config.server";

/**
 * `npm run backup` against a running embedded shop, which alone may open its database: the command proves
 * it belongs to this installation with a token derived from the session secret (app/features/backups).
 */
export async function action({ request }: ActionFunctionArgs) {
  const settings = config();
  if (!isBackupCommand(request.headers.get("authorization"), settings.sessionSecret)) {
    return json({ error: "Not a backup command of this installation." }, { status: 401 });
  }
  const result = await takeBackup(await getDatabaseHandle(), backupSettingsOf(settings), "command");
  if (!result.ok) return json({ error: result.error }, { status: 503 });
  return json({ file: `${settings.backups.dir}/${result.fileName}`, bytes: result.bytes });
}

export function loader() {
  return json({ error: "POST only, from npm run backup." }, { status: 405, headers: { Allow: "POST" } });
}
