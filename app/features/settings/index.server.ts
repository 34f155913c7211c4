export { gstSettingsSchema, settingsFormsSchema, settingsMessages, settingsPageSchema } from "./schemas";
export {
  changeShopRules,
  type DeliveryZone,
  forgetShopRules,
  readShopContact,
  readShopRules,
  readShopSettings,
} from "./settings.server";
export {
  addHoliday,
  removeHoliday,
  saveGrievanceContact,
  saveGstSettings,
  saveShopSettings,
  settingsPageLists,
} from "./settings-admin.server";
