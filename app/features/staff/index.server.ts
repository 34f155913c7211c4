export * from "./mail.server";
export * from "./schemas";
export * from "./setup.server";
export * from "./staff.server";
export * from "./staff-session.server";
