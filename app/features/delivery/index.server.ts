export { quoteDelivery } from "./delivery.server";
export type { DeliveryCheck } from "./delivery-check";
export { deliveryAnswer, deliveryCheck, pinFromCookie } from "./delivery-check.server";
export { seedHolidays } from "./holidays.server";
export { placeOfPin, stateRefusal } from "./pin-directory.server";
export { zoneCreateSchema, zoneEditSchema, zoneImportSchema } from "./schemas";
export {
  createZone,
  deleteZone,
  listZones,
  replaceZones,
  updateZone,
  zoneForEdit,
  zonesCsv,
} from "./zones-admin.server";
