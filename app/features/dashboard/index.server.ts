export * from "./dashboard.server";
