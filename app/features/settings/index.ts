export * from "./ShopContact";
export * from "./shop-contact";
