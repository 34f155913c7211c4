export {
  type Actor,
  AUDIT_PAGE_SIZE,
  auditActors,
  auditEntries,
  recordAudit,
  recordAudits,
} from "./audit.server";
