export * from "./phonepe-client.server";
export * from "./phonepe-config.server";
export * from "./phonepe-http.server";
export * from "./phonepe-webhook.server";
export * from "./refunds.server";
