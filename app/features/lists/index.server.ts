export * from "./cart.server";
export * from "./compare.server";
export * from "./wishlist.server";
