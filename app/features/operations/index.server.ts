export * from "./housekeeping.server";
export * from "./readiness.server";
