import type { DatabaseHandle } from "~/db/client.server";
import { shopClock } from "~/features/delivery";
import { describeError } from "~/lib/errors.server";
import { type BackupSettings, backupStatus, scheduledRunExists, takeBackup } from "./backups.server";

/** The India day whose scheduled backup is due at `now`, or undefined before the day's time ("02:30"). */
export function dueDay(now: Date, time: string): string | undefined {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const clock = shopClock(now);
  return clock.minutes >= hours * 60 + minutes ? clock.day : undefined;
}

/** How often an instance looks whether the day's backup is due. */
const CHECK_EVERY_MS = 5 * 60_000;

/**
 * The daily backup: every few minutes each instance looks whether today's (India) backup time has passed
 * without one; the first to claim the day writes it. A shop that was down at that time makes it when it
 * is back. Startup logs a warning when the last good backup is overdue or failed.
 */
export function startBackupSchedule(handle: DatabaseHandle, settings: BackupSettings, time: string): void {
  backupStatus(handle.db)
    .then((status) => {
      if (status.warning) console.warn(`Backups: ${status.warning}`);
    })
    .catch(() => undefined);
  const check = async () => {
    const day = dueDay(new Date(), time);
    if (!day || (await scheduledRunExists(handle.db, day))) return;
    await takeBackup(handle, settings, "schedule", day);
  };
  const timer = setInterval(() => {
    check().catch((error: unknown) => console.error(`The backup schedule failed: ${describeError(error)}`));
  }, CHECK_EVERY_MS);
  timer.unref();
}
