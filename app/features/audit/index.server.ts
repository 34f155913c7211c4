export * from "./audit.server";
