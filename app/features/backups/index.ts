export { BackupRefused, messages } from "./messages";
