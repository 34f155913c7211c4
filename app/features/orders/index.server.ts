export * from "./admin-orders.server";
export * from "./checkout.server";
export * from "./order-mail.server";
export * from "./orders.server";
export * from "./payment-attempts.server";
export * from "./payment-flow.server";
export * from "./refunds.server";
export * from "./schemas";
