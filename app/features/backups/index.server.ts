export { isBackupFileName, listBackups, openBackup } from "./backup-file.server";
export {
  ageInWords,
  type BackupSettings,
  backupCommandToken,
  backupSettingsOf,
  backupStatus,
  isBackupCommand,
  megabytes,
  takeBackup,
} from "./backups.server";
export { BackupRefused, messages } from "./messages";
export { moveToPostgres } from "./move.server";
export { type RestoreTarget, restoreBackup } from "./restore.server";
export { startBackupSchedule } from "./schedule.server";
