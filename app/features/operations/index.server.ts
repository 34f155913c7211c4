export { purgeExpired } from "./housekeeping.server";
export { refreshDatabaseGauges } from "./metrics.server";
export { databaseAnswers } from "./readiness.server";
