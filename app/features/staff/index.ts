export * from "./back-office";
export * from "./messages";
export * from "./staff-roles";
