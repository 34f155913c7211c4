import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { formatShopDay, formatTimeOfDay, shopClock, zoneRow } from "~/features/delivery";
import { readShopSettings, settingsPageLists } from "~/features/settings/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { rupeesForInput } from "~/lib/money";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
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
      expressFee: settings.expressFee === null ? "" : rupeesForInput(settings.expressFee),
      cashOnDelivery: settings.cashOnDelivery,
      rentalCashOnDelivery: settings.rentalCashOnDelivery,
      codCeiling: rupeesForInput(settings.codCeiling),
      codFee: rupeesForInput(settings.codFee),
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
      b2clThreshold: rupeesForInput(settings.b2clThreshold),
    },
    grievance: { grievanceName: settings.grievanceName, grievanceEmail: settings.grievanceEmail },
    holidays: holidays.map((holiday) => ({ ...holiday, label: formatShopDay(holiday.day) })),
    zones: zones.map(zoneRow),
  });
}
