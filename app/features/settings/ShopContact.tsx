import type { ShopContact } from "./shop-contact";

/** The address's lines, each its own element (the <address> around them lays them out). */
export function AddressLines({ contact }: { contact: ShopContact }) {
  return contact.address.map((line, index) => (
    // Two lines may read the same: their place tells them apart.
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines do not move while the page is shown
    <span key={index}>{line}</span>
  ));
}
