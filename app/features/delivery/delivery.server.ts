import type { Database } from "~/db/client.server";
import { type DeliveryZone, readShopRules } from "~/features/settings/index.server";
import { type DeliveryPromise, deliveryPromise } from "./delivery-dates";
import { zoneForPin } from "./pin-codes";

/** What the shop can promise a PIN code: nothing where no zone delivers, else a date per shipping method. */
export type DeliveryQuote =
  | { pin: string; served: false }
  | {
      pin: string;
      served: true;
      zone: Pick<DeliveryZone, "id" | "name">;
      standard: DeliveryPromise & { daysMin: number; daysMax: number };
      /** Only where the dealer charges for express and the zone has express days. */
      express: (DeliveryPromise & { daysMin: number; daysMax: number; fee: number }) | undefined;
      cashOnDelivery: boolean;
    };

/** The quote for a well-formed PIN code (app/features/delivery/pin-codes.ts checks the form) at `now`. */
export async function quoteDelivery(db: Database, pin: string, now = new Date()): Promise<DeliveryQuote> {
  const { settings, calendar, zones } = await readShopRules(db);
  const zone = zoneForPin(pin, zones);
  if (!zone?.delivers) return { pin, served: false };
  const express =
    settings.expressFee !== null && zone.expressDaysMin !== null && zone.expressDaysMax !== null
      ? {
          ...deliveryPromise(now, zone.expressDaysMax, calendar),
          daysMin: zone.expressDaysMin,
          daysMax: zone.expressDaysMax,
          fee: settings.expressFee,
        }
      : undefined;
  return {
    pin,
    served: true,
    zone: { id: zone.id, name: zone.name },
    standard: {
      ...deliveryPromise(now, zone.standardDaysMax, calendar),
      daysMin: zone.standardDaysMin,
      daysMax: zone.standardDaysMax,
    },
    express,
    cashOnDelivery: settings.cashOnDelivery && zone.cashOnDelivery,
  };
}
