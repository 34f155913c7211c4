import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { gstSettingsSchema, normaliseWhatsApp, settingsMessages, settingsPageSchema } from "./schemas";

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

const valid: [string, string][] = [
  ["intent", "settings"],
  ["hotline", "+91 80 4125 6789"],
  ["whatsapp", "+91 98450 12345"],
  ["address", "No. 42, SP Road\nBengaluru"],
  ["pinCode", "560 002"],
  ["cutoff", "16:00"],
  ["weekdays", "1"],
  ["weekdays", "5"],
  ["weekdays", "3"],
  ["expressFee", ""],
  ["cashOnDelivery", "on"],
  ["codCeiling", "50,000"],
  ["codFee", "49.50"],
];

describe("the settings form", () => {
  it("reads a WhatsApp number as the digits wa.me takes", () => {
    expect(normaliseWhatsApp("+91 98450 12345")).toBe("919845012345");
    expect(normaliseWhatsApp("098450-12345")).toBe("919845012345");
    expect(normaliseWhatsApp("080 4125 6789")).toBe("918041256789");
    expect(normaliseWhatsApp("(80) 4125 6789")).toBe("918041256789");
    for (const bad of ["123", "+1 415 555 0100", "9845O12345", "", "91 0845012345"]) {
      expect(normaliseWhatsApp(bad)).toBeUndefined();
    }
  });

  it("turns the form into the stored values", () => {
    const submission = parseWithZod(form(valid), { schema: settingsPageSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "settings",
      hotline: "+91 80 4125 6789",
      whatsapp: "919845012345",
      address: "No. 42, SP Road\nBengaluru",
      pinCode: "560002",
      cutoff: 960,
      weekdays: [1, 3, 5],
      expressFee: null,
      cashOnDelivery: true,
      codCeiling: 5_000_000,
      codFee: 4950,
      rentalCashOnDelivery: false,
    });
  });

  it("names each field that is wrong", () => {
    const wrong = valid
      .filter(([name]) => !["weekdays", "cashOnDelivery"].includes(name))
      .map(([name, value]): [string, string] => {
        const replaced: Record<string, string> = {
          whatsapp: "123",
          cutoff: "4 PM",
          pinCode: "056002",
          codFee: "-5",
        };
        return [name, replaced[name] ?? value];
      });
    const submission = parseWithZod(form(wrong), { schema: settingsPageSchema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toMatchObject({
      whatsapp: [settingsMessages.whatsappInvalid],
      cutoff: [settingsMessages.cutoffInvalid],
      pinCode: [settingsMessages.pinInvalid],
      weekdays: [settingsMessages.weekdaysRequired],
      codFee: [settingsMessages.amountInvalid("Cash on delivery fee")],
    });
  });

  it("checks a holiday's date and name", () => {
    const bad = parseWithZod(
      form([
        ["intent", "add-holiday"],
        ["day", "2026-02-30"],
        ["name", ""],
      ]),
      {
        schema: settingsPageSchema,
      },
    );
    expect(bad.status === "error" && bad.error).toMatchObject({
      day: [settingsMessages.holidayDayInvalid],
      name: [settingsMessages.holidayNameRequired],
    });
    const good = parseWithZod(
      form([
        ["intent", "add-holiday"],
        ["day", "2026-03-19"],
        ["name", "Ugadi"],
      ]),
      {
        schema: settingsPageSchema,
      },
    );
    expect(good.status === "success" && good.value).toEqual({
      intent: "add-holiday",
      day: "2026-03-19",
      name: "Ugadi",
    });
  });

  it("refuses to remove a day that is not a real date (the database would reject it)", () => {
    for (const day of ["2026-13-45", "9999-99-99", "2026-02-30", "20260101"]) {
      const removal = parseWithZod(
        form([
          ["intent", "remove-holiday"],
          ["day", day],
        ]),
        { schema: settingsPageSchema },
      );
      expect(removal.status === "error" && removal.error).toMatchObject({
        day: [settingsMessages.holidayDayInvalid],
      });
    }
  });
});

describe("the GST registration form", () => {
  const gst: [string, string][] = [
    ["intent", "gst"],
    ["legalName", "Kaveri Computers Private Limited"],
    ["tradeName", "Kaveri Computers"],
    ["gstin", " 29abcde1234f1zw "],
    ["gstState", "Karnataka"],
    ["invoicePrefix", "kc"],
    ["creditNotePrefix", "CN"],
    ["b2clThreshold", "1,00,000"],
  ];
  const errorsOf = (fields: [string, string][]) => {
    const submission = parseWithZod(form(fields), { schema: gstSettingsSchema });
    return submission.status === "success" ? {} : (submission.error ?? {});
  };
  const replaced = (name: string, value: string) =>
    gst.map(([field, old]): [string, string] => [field, field === name ? value : old]);

  it("takes a GSTIN upper-cased and trimmed, and the prefixes in capitals", () => {
    const submission = parseWithZod(form(gst), { schema: gstSettingsSchema });
    expect(submission.status === "success" && submission.value).toMatchObject({
      gstin: "29ABCDE1234F1ZW",
      invoicePrefix: "KC",
      b2clThreshold: 1_00_000_00,
    });
  });

  it("refuses a GSTIN one character off, or of another state than the registration's", () => {
    expect(errorsOf(replaced("gstin", "29ABCDE1234F1ZX")).gstin?.[0]).toMatch(/not valid/);
    expect(errorsOf(replaced("gstState", "Tamil Nadu")).gstin).toEqual([
      settingsMessages.gstinOtherState("Tamil Nadu", "33"),
    ]);
  });

  it("refuses prefixes that would not fit 16 characters, or the same for both series", () => {
    expect(errorsOf(replaced("invoicePrefix", "KAVERI")).invoicePrefix).toHaveLength(1);
    expect(errorsOf(replaced("creditNotePrefix", "KC")).creditNotePrefix).toHaveLength(1);
  });
});

describe("the grievance contact form", () => {
  it("takes a name of 1 to 100 characters and a valid e-mail, lower-cased", () => {
    const submission = parseWithZod(
      form([
        ["intent", "grievance"],
        ["grievanceName", " Grievance Officer, Kaveri Computers "],
        ["grievanceEmail", " Privacy@KaveriComputers.in "],
      ]),
      { schema: settingsPageSchema },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "grievance",
      grievanceName: "Grievance Officer, Kaveri Computers",
      grievanceEmail: "privacy@kavericomputers.in",
    });
  });

  it("names each field that is wrong", () => {
    const empty = parseWithZod(
      form([
        ["intent", "grievance"],
        ["grievanceName", "  "],
        ["grievanceEmail", "grievance@"],
      ]),
      { schema: settingsPageSchema },
    );
    expect(empty.status === "error" && empty.error).toEqual({
      grievanceName: [settingsMessages.grievanceNameRequired],
      grievanceEmail: [settingsMessages.grievanceEmailInvalid],
    });
    const long = parseWithZod(
      form([
        ["intent", "grievance"],
        ["grievanceName", "x".repeat(101)],
        ["grievanceEmail", ""],
      ]),
      { schema: settingsPageSchema },
    );
    expect(long.status === "error" && long.error).toEqual({
      grievanceName: ["must be 100 characters or fewer"],
      grievanceEmail: [settingsMessages.grievanceEmailRequired],
    });
  });
});
