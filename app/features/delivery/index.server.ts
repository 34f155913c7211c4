export * from "./delivery.server";
export type { DeliveryCheck } from "./delivery-check";
export * from "./delivery-check.server";
export * from "./holidays.server";
export * from "./pin-directory.server";
export * from "./schemas";
export * from "./zones-admin.server";
