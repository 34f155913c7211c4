export { subtotal } from "./cart";
export { addToCompare, type CompareChange, removeFromCompare } from "./compare-list";
export { type CompareRow, compareTable, ONLY_DIFFERENCES, onlyDifferencesAsked } from "./compare-table";
export { listMessages } from "./messages";
