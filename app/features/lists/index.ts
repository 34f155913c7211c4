export * from "./cart";
export * from "./compare-list";
