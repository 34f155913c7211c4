export { auditAreaLabels, describeAuditDetails } from "./audit";
