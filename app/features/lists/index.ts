export * from "./cart";
export * from "./compare-list";
export * from "./compare-table";
export * from "./messages";
