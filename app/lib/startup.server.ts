import type { Database } from "~/db/client.server";
import { DataDirectoryLocked } from "~/db/data-dir-lock.server";
import { getDatabaseHandle } from "~/db/db.server";
import { backupSettingsOf, startBackupSchedule } from "~/features/backups/index.server";
import { seedHolidays } from "~/features/delivery/index.server";
import { purgeExpired } from "~/features/operations/index.server";
import { startReconciler } from "~/features/orders/index.server";
import {
  purgeEndedRentalDocuments,
  sendChargeNotices,
  sendEndingReminders,
} from "~/features/rentals/index.server";
import { announceSetupLink } from "~/features/staff/index.server";
import { ConfigError, config } from "~/lib/config.server";
import { describeError } from "~/lib/errors.server";

declare global {
  // Kept on globalThis: in development a changed module is loaded again, and the reconciler and the
  // housekeeping timers must not start a second time.
  var __storefrontStarted: boolean | undefined;
}

/** Settles when the database is open, migrated and seeded (see shopReady). */
let databaseReady: Promise<void> = Promise.resolve();

/**
 * The database the first pages need: open, migrated and (when empty) seeded. server.mjs waits for it before it
 * listens, so the first shopper is not the one who waits for a fresh database to be made.
 */
export function shopReady(): Promise<void> {
  return databaseReady;
}

/** Validates the configuration (exiting with a clear message when it is wrong) and opens the database. */
export function startServer(): void {
  if (globalThis.__storefrontStarted) return;
  globalThis.__storefrontStarted = true;
  try {
    const settings = config();
    if (settings.isProduction && settings.phonepe.mode === "simulator") {
      console.warn(
        "WARNING: payments go to the bundled PhonePe simulator, where anyone can 'pay' on a test page. Set PHONEPE_CLIENT_ID and PHONEPE_CLIENT_SECRET before taking real orders.",
      );
    }
    if (settings.defaultsInUse.length > 0) {
      console.info(`Using embedded defaults:\n${settings.defaultsInUse.map((d) => `  - ${d}`).join("\n")}`);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`The shop cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  databaseReady = getDatabaseHandle()
    .then((handle) => {
      const { db } = handle;
      // Finishes payments whose shopper never came back, along PhonePe's polling schedule, and at once after
      // a webhook (see confirmPayment).
      startReconciler(db, RECONCILE_EVERY_MS);
      startHousekeeping(db);
      const settings = config();
      // An in-memory database (nothing to keep) has no data directory and is never backed up.
      if (settings.backups.time && (handle.source.kind === "postgres" || handle.source.dataDir)) {
        startBackupSchedule(handle, backupSettingsOf(settings), settings.backups.time);
      }
      seedHolidays(db).catch((error: unknown) =>
        console.error(
          `Could not copy this year's holidays into the shop's calendar: ${describeError(error)}`,
        ),
      );
      announceSetupLink(db, config().publicUrl).catch((error: unknown) =>
        console.error(`Could not make the back office's set-up link: ${describeError(error)}`),
      );
    })
    .catch((error: unknown) => {
      // One line that says why, without a stack: the lock's message names the process to stop.
      console.error(
        error instanceof DataDirectoryLocked
          ? `The shop cannot start. ${error.message}`
          : `The shop cannot start: the database could not be opened. ${describeError(error)}`,
      );
      process.exit(1);
    });
}

/** How often this instance looks for pending payments whose status check is due. */
const RECONCILE_EVERY_MS = 5_000;

/** How often this instance deletes expired sessions, old reset tokens and old rate-limit hits. */
const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/** Keeps the tables that grow with every visit from growing for ever (safe on every instance at once). */
function startHousekeeping(db: Database): void {
  const run = () =>
    Promise.all([
      purgeExpired(db),
      purgeEndedRentalDocuments(db),
      sendEndingReminders(db, config().publicUrl),
      sendChargeNotices(db, config().publicUrl),
    ])
      .then(([purged, rentalDocuments, rentalsEnding, rent]) => {
        const total = purged.sessions + purged.resetTokens + purged.rateLimitHits + purged.backOffice;
        if (total > 0) {
          console.info(
            `Housekeeping: deleted ${purged.sessions} expired sessions, ${purged.resetTokens} old reset tokens, ${purged.rateLimitHits} old rate-limit hits, ${purged.backOffice} expired back-office sessions, links and catalogue uploads.`,
          );
        }
        if (rentalsEnding > 0) {
          console.info(
            `Housekeeping: told the customers and owners of ${rentalsEnding} rentals ending soon.`,
          );
        }
        if (rent.billed + rent.due + rent.overdue > 0) {
          console.info(
            `Housekeeping: billed ${rent.billed} rental months; mailed ${rent.due} rents due and ${rent.overdue} overdue.`,
          );
        }
        if (rentalDocuments > 0) {
          console.info(
            `Housekeeping: deleted ${rentalDocuments} documents of rentals ended over 90 days ago.`,
          );
        }
      })
      .catch((error: unknown) =>
        console.error(`Housekeeping failed; it runs again later: ${describeError(error)}`),
      );
  // A little after start (not during it), then every ten minutes.
  setTimeout(run, 30_000).unref();
  setInterval(run, HOUSEKEEPING_EVERY_MS).unref();
}
