export * from "./housekeeping.server";
export * from "./metrics.server";
export * from "./readiness.server";
