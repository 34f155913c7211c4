/** The backups' words: for the back office, the log and the backup and restore commands. */

/** A backup or restore that cannot go ahead, with the reason in words (the commands print it and exit 1). */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefused";
  }
}

const inWords = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const messages = {
  noSuchFile: (file: string) => `There is no backup file at ${file}.`,
  notABackup: (file: string, error: unknown) =>
    `${file} is not a backup this shop can read (not a complete .tar.gz): ${inWords(error)}`,
  noManifest: (file: string) =>
    `${file} has no readable manifest.json: it is not one of this shop's backups.`,
  unknownFormat: (format: unknown) =>
    `This backup is of format ${String(format)}, which this version of the shop does not know.`,
  fileMissing: (name: string) => `The backup is incomplete: ${name} is listed in its manifest but missing.`,
  checksumFailed: (name: string) =>
    `The backup is damaged: ${name} does not match the size and checksum in its manifest. Nothing was restored.`,
  newerSchema: (applied: number, known: number) =>
    `This backup was made by a newer version of the shop (${applied} database migrations; this version knows ${known}). Restore it with that version or a later one.`,
  dataDirInUse: (dir: string, who: string) =>
    `${dir} is in use by ${who}. Stop it first: a restore only goes into an empty place.`,
  dataDirNotEmpty: (dir: string, what: string) =>
    `${dir} is not empty: it holds ${what}. A restore never overwrites a shop: move it aside (for example to ${dir}.old) or point DATA_DIR at a new directory, then restore again.`,
  databaseNotEmpty: (what: string) =>
    `The PostgreSQL database in DATABASE_URL is not empty: it holds ${what}. A restore never overwrites a shop: create an empty database (createdb) and point DATABASE_URL at it.`,
  uploadsClash: (dir: string, names: string[]) =>
    `The pictures folder ${dir} already holds other files of the same names: ${names.slice(0, 5).join(", ")}${names.length > 5 ? ` and ${names.length - 5} more` : ""}. Empty it or point UPLOADS_DIR at a new folder.`,
  rowsDiffer: (table: string, expected: number, actual: number) =>
    `The restored ${table} holds ${actual} rows where the backup counted ${expected}: the restore was undone.`,
  pgDumpMissing:
    "pg_dump was not found. Backups of a PostgreSQL database need PostgreSQL's client tools of the server's version or newer (Debian: apt-get install postgresql-client).",
  pgDumpFailed: (code: number | null, stderr: string) =>
    `pg_dump failed (exit ${code ?? "signal"}): ${stderr.trim().split("\n").slice(-3).join(" ")}`,
  childDumpFailed: (code: number | null, stderr: string) =>
    `Dumping the embedded database failed (exit ${code ?? "signal"}): ${stderr.trim().split("\n").slice(-3).join(" ")}`,
  embeddedDatabaseBusy: (who: string) =>
    `The embedded database is in use by ${who}, which is not a shop this command can ask for a backup. Try again when it has finished.`,
  shopDidNotAnswer: (url: string, detail: string) =>
    `The running shop at ${url} did not make the backup: ${detail}`,
  moveNeedsPostgres:
    "Set DATABASE_URL to the empty PostgreSQL database the shop moves to (postgres://user:password@host:5432/name).",
  moveNeedsStoppedShop: (who: string) =>
    `The shop is running (${who}). Stop it first, so no order placed during the move is left behind; start it on DATABASE_URL afterwards.`,
  restoreUsage:
    "Usage: npm run restore -- <backup file>   (into DATA_DIR, or into DATABASE_URL when it is set)",

  /** Back office. */
  lastBackupAge: (age: string) => `Last good backup: ${age} ago`,
  noBackupYet: "No backup has been made yet.",
  backupStale: (age: string) => `The last good backup is ${age} old: check the log and the backups page.`,
  lastRunFailed: (when: string, error: string) => `The backup of ${when} failed: ${error}`,
  backupsOff: "Daily backups are off (BACKUP_TIME=off): this shop relies on backups made outside it.",
  backupMade: (name: string) => `Backup ${name} written.`,
  backupRunning: "A backup is being written right now. Try again in a minute.",
  backupNotHere:
    "That backup is not on this server's disk: another instance of the shop wrote it, or it was deleted as older than the newest BACKUP_KEEP.",
} as const;
