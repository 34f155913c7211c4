export * from "./cart";
export * from "./compare-list";
export * from "./messages";
