export * from "./cart.server";
export * from "./compare.server";
export * from "./schemas";
export * from "./wishlist.server";
