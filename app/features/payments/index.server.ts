export * from "./phonepe-client.server";
export * from "./phonepe-http.server";
