import { useRouteLoaderData } from "@remix-run/react";
import type { ShopContact } from "~/features/settings";
import type { loader as rootLoader } from "~/root-loader.server";

/**
 * The dealer's hotline, WhatsApp number and address from the settings, as the root loader supplies them to
 * every shop page (the back office's pages get none). For the pages only: the header and footer take them as
 * props, so this module stays out of the root's JavaScript that every page loads.
 */
export function useShopContact(): ShopContact {
  const contact = useRouteLoaderData<typeof rootLoader>("root")?.contact;
  if (!contact) throw new Error("The shop's contact details are missing: the root loader supplies them");
  return contact;
}
