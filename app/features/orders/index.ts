export * from "./checkout-choices";
export * from "./order-filters";
export * from "./order-status";
