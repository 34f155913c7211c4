export * from "./erasure";
export * from "./messages";
