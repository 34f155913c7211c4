export * from "./common-passwords.server";
export * from "./customer-data.server";
export * from "./customers.server";
export * from "./erasure.server";
export * from "./mail.server";
export * from "./password-reset.server";
export * from "./schemas";
export * from "./session.server";
