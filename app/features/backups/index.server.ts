export * from "./backup-file.server";
export * from "./backups.server";
export * from "./messages";
export * from "./move.server";
export * from "./restore.server";
export * from "./schedule.server";
