export * from "./back-office";
export * from "./staff-roles";
