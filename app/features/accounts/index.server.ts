export * from "./common-passwords.server";
export * from "./customers.server";
export * from "./mail.server";
export * from "./password-reset.server";
export * from "./schemas";
export * from "./session.server";
