export { ADDRESS_FIELD_NAMES, AddressFields } from "./AddressFields";
export { DeliverySummary } from "./DeliveryAnswer";
export { DeliveryCheck } from "./DeliveryCheck";
export {
  deliveryPromise,
  formatShopDay,
  formatTimeOfDay,
  parseTimeOfDay,
  type ShopCalendar,
  type ShopDay,
  shopClock,
} from "./delivery-dates";
export { deliveryMessages } from "./messages";
export { normalisePinCode, type PinSpan, parsePinList, type ZoneClaims } from "./pin-codes";
export { ZoneForm } from "./ZoneForm";
export { ZoneImportForm } from "./ZoneImportForm";
export { ZonesTable } from "./ZonesTable";
export { type ZoneValues, zoneInputOf, zoneMessages, zoneRow } from "./zones";
export { zonesFromCsv } from "./zones-csv";
