import { useRouteLoaderData } from "@remix-run/react";
import type { ShopContact } from "~/features/settings";
import type { loader as shopLoader } from "../loader.server";

/**
 * The dealer's hotline, WhatsApp number and address from the settings, as the shop frame's loader supplies them to
 * every shop page (the back office's pages get none). For the pages only: the header and footer take them as
 * props, so this module stays out of the root's JavaScript that every page loads.
 */
export function useShopContact(): ShopContact {
  const contact = useRouteLoaderData<typeof shopLoader>("shop")?.contact;
  if (!contact)
    throw new Error("The shop's contact details are missing: the shop frame's loader supplies them");
  return contact;
}
