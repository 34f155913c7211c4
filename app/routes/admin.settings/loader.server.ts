import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOwner } from "~/auth.server";
import { getDb } from "~/db/db.server";
import { rupeesText } from "~/features/catalogue/index.server";
import { formatShopDay, formatTimeOfDay, shopClock, zoneRow } from "~/features/delivery";
import { readShopSettings, settingsPageLists } from "~/features/settings/index.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const db = await getDb();
  const settings = await readShopSettings(db);
  const { holidays, zones } = await settingsPageLists(db, shopClock(new Date()).day);
  return json({
    settings: {
      hotline: settings.hotline,
      whatsapp: `+${settings.whatsapp}`,
      address: settings.address,
      pinCode: settings.pinCode,
      cutoff: formatTimeOfDay(settings.cutoffMinutes),
      weekdays: settings.businessWeekdays,
      expressFee: settings.expressFee === null ? "" : rupeesText(settings.expressFee),
      cashOnDelivery: settings.cashOnDelivery,
      codCeiling: rupeesText(settings.codCeiling),
      codFee: rupeesText(settings.codFee),
      updatedAt: settings.updatedAt.toISOString(),
    },
    gst: {
      legalName: settings.legalName,
      tradeName: settings.tradeName,
      gstin: settings.gstin,
      gstinIsSample: settings.gstinIsSample,
      gstState: settings.gstState,
      invoicePrefix: settings.invoicePrefix,
      creditNotePrefix: settings.creditNotePrefix,
      b2clThreshold: rupeesText(settings.b2clThreshold),
    },
    holidays: holidays.map((holiday) => ({ ...holiday, label: formatShopDay(holiday.day) })),
    zones: zones.map(zoneRow),
  });
}
