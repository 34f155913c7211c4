export * from "./checkout-choices";
export * from "./messages";
export * from "./order-filters";
export * from "./order-status";
