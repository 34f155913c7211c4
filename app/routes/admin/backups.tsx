import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { useIsPending } from "~/components/forms/use-is-pending";
import { getDatabaseHandle } from "~/db/db.server";
import { recordAudit } from "~/features/audit/index.server";
import { messages } from "~/features/backups";
import {
  ageInWords,
  backupSettingsOf,
  backupStatus,
  listBackups,
  megabytes,
  takeBackup,
} from "~/features/backups/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { formatLongDate } from "~/lib/dates";
import { toasts } from "~/lib/toast.server";

export const meta: MetaFunction = () => adminMeta("Backups");

/** Owners only: the backups' state, the recent runs, the files on this server, and "Back up now". */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const settings = config();
  const { db } = await getDatabaseHandle();
  const now = new Date();
  const [status, files] = await Promise.all([
    backupStatus(db, now, settings.backups.time !== undefined),
    listBackups(settings.backups.dir),
  ]);
  const here = new Set(files.map((file) => file.name));
  return json({
    warning: status.warning,
    lastGood: status.lastGood?.finishedAt
      ? messages.lastBackupAge(ageInWords(now.getTime() - status.lastGood.finishedAt.getTime()))
      : undefined,
    latest: files[0]?.name,
    schedule: settings.backups.time
      ? `Every day at ${settings.backups.time} (India time), keeping the newest ${settings.backups.keep}, in ${settings.backups.dir}.`
      : messages.backupsOff,
    runs: status.recent.map((run) => ({
      id: run.id,
      started: formatLongDate(run.startedAt),
      trigger: run.trigger,
      status: run.status,
      size: run.bytes === null ? "" : megabytes(run.bytes),
      fileName: run.fileName,
      onThisServer: run.fileName !== null && here.has(run.fileName),
      error: run.error,
    })),
  });
}

/** Back up now: written before the answer (a few seconds), then back to this page with the outcome. */
export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireBackOffice(request);
  const handle = await getDatabaseHandle();
  const result = await takeBackup(handle, backupSettingsOf(config()), "owner");
  if (!result.ok) return toasts().redirectWithError("/admin/backups", result.error);
  await recordAudit(handle.db, { id: owner.id, name: owner.name }, "backup.create", result.fileName, {
    bytes: result.bytes,
  });
  return toasts().redirectWithSuccess("/admin/backups", messages.backupMade(result.fileName));
}

export default function Backups() {
  const data = useLoaderData<typeof loader>();
  const pending = useIsPending();
  return (
    <>
      <h1>Backups</h1>
      {data.warning ? (
        <p className="admin-warning" role="alert">
          {data.warning}
        </p>
      ) : null}
      {data.lastGood ? <p>{data.lastGood}</p> : null}
      <p>{data.schedule}</p>
      <p>
        A backup holds the whole shop: orders, invoices, customers, products, pictures and settings. Copy them
        off this server every day: a backup on the same disk is lost with it.
      </p>
      <Form method="post">
        <button type="submit" disabled={pending}>
          {pending ? "Backing up…" : "Back up now"}
        </button>{" "}
        {data.latest ? <a href={`/admin/backups/${data.latest}`}>Download the latest backup</a> : null}
      </Form>
      <h2>Recent backups</h2>
      {data.runs.length === 0 ? (
        <p>{messages.noBackupYet}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">By</th>
              <th scope="col">Outcome</th>
              <th scope="col">Size</th>
              <th scope="col">File</th>
            </tr>
          </thead>
          <tbody>
            {data.runs.map((run) => (
              <tr key={run.id}>
                <td>{run.started}</td>
                <td>{run.trigger}</td>
                <td>{run.status === "failed" ? `failed: ${run.error ?? ""}` : run.status}</td>
                <td>{run.size}</td>
                <td>
                  {run.fileName && run.onThisServer ? (
                    <a href={`/admin/backups/${run.fileName}`}>{run.fileName}</a>
                  ) : (
                    (run.fileName ?? "")
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
