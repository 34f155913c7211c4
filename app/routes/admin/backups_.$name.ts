import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { recordAudit } from "~/features/audit/index.server";
import { isBackupFileName, messages } from "~/features/backups/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { config } from "~/lib/config.server";

const notFound = (message: string) =>
  new Response(message, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/**
 * Owners only: one backup file of this server's BACKUP_DIR, by its name (nothing else is ever served from
 * there). Each download is in the audit trail: the file holds every customer's data.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const owner = await requireBackOffice(request);
  const name = params.name ?? "";
  // Named back only in printable characters: the name is whatever the address carried.
  if (!isBackupFileName(name))
    return notFound(messages.noSuchFile(name.slice(0, 80).replace(/[^\w.-]/g, "?")));
  const file = path.join(config().backups.dir, name);
  let bytes: number;
  try {
    bytes = (await stat(file)).size;
  } catch {
    // Well named but not on this server's disk: another instance's, pruned, or never made.
    return notFound(messages.backupNotHere);
  }
  await recordAudit(await getDb(), { id: owner.id, name: owner.name }, "backup.download", name, { bytes });
  return new Response(createReadableStreamFromReadable(createReadStream(file)), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(bytes),
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
