export * from "./payment-schedule";
export * from "./phonepe-types";
