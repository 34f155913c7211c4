export { AddressLines } from "./ShopContact";
export { addressLines, type ShopContact } from "./shop-contact";
