export * from "./schemas";
export * from "./settings.server";
export * from "./settings-admin.server";
