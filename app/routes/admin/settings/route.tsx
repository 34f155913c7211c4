import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { FieldError, FormError } from "~/components/forms/FieldError";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { serverFieldProps, useServerForm } from "~/components/forms/use-server-form";
import { Toasts } from "~/components/layout/Toasts";
import { ZonesTable } from "~/features/delivery";
import type { action } from "./action.server";
import { GrievanceForm } from "./GrievanceForm";
import { GstForm } from "./GstForm";
import type { loader } from "./loader.server";
import { TextField } from "./TextField";

export const meta: MetaFunction = () => adminMeta("Settings");

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export { action } from "./action.server";
/** The page's data and its forms are handled in .server files, so its JavaScript leaves out what they need. */
export { loader } from "./loader.server";

const settingsFields = [
  "hotline",
  "whatsapp",
  "address",
  "pinCode",
  "cutoff",
  "weekdays",
  "expressFee",
  "cashOnDelivery",
  "codCeiling",
  "codFee",
  "rentalCashOnDelivery",
] as const;

export default function AdminSettings() {
  const { settings, gst, grievance, holidays, zones } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const result = answer?.result;
  const intent = result?.initialValue?.intent;
  const [form, fields] = useServerForm(
    "settings-form",
    intent === "settings" ? result : undefined,
    settingsFields,
  );
  const [holidayForm, holidayFields] = useServerForm(
    "holiday-form",
    intent === "add-holiday" ? result : undefined,
    ["day", "name"] as const,
  );
  const typedWeekdays = result?.initialValue?.weekdays;
  const weekdays =
    intent === "settings"
      ? (Array.isArray(typedWeekdays) ? typedWeekdays : typedWeekdays ? [typedWeekdays] : []).map(Number)
      : settings.weekdays;
  const cod = intent === "settings" ? result?.initialValue?.cashOnDelivery === "on" : settings.cashOnDelivery;
  const rentalCod =
    intent === "settings"
      ? result?.initialValue?.rentalCashOnDelivery === "on"
      : settings.rentalCashOnDelivery;

  return (
    <div className="admin-page admin-settings">
      <Toasts toast={answer?.toast ?? null} />
      <h1>Settings</h1>
      <p className="admin-intro">
        What the shop promises and charges. Changes show on the shop within a second. Last saved{" "}
        {new Date(settings.updatedAt).toLocaleString("en-IN", { timeZone: "Asia/Kolkata" })}.
      </p>

      <Form
        method="post"
        {...form.props}
        className="stack-form admin-form"
        aria-labelledby="settings-heading"
      >
        <h2 id="settings-heading">Shop and delivery</h2>
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset>
          <legend>Contact</legend>
          <TextField
            label="Hotline"
            field={fields.hotline}
            value={settings.hotline}
            inputMode="tel"
            hint="Shown on every page of the shop; a tap on a phone dials its first number."
          />
          <TextField
            label="WhatsApp number"
            field={fields.whatsapp}
            value={settings.whatsapp}
            inputMode="tel"
            hint="Shoppers' “Ask about this on WhatsApp” links and the contact page's WhatsApp link go to this number."
          />
          <FieldFrame
            id={fields.address.id}
            label="Address"
            field={fields.address}
            hint="Printed line by line in the shop's footer and contact pages; the PIN code below is added when the address leaves it out."
          >
            <textarea
              {...serverFieldProps(fields.address)}
              rows={3}
              defaultValue={fields.address.initialValue ?? settings.address}
            />
          </FieldFrame>
          <TextField label="PIN code" field={fields.pinCode} value={settings.pinCode} inputMode="numeric" />
        </fieldset>
        <fieldset>
          <legend>Dispatch</legend>
          <TextField
            label="Order cut-off (24-hour time, India)"
            field={fields.cutoff}
            value={settings.cutoff}
            hint="Orders placed from this time on start the next business day."
          />
          <fieldset
            className="checkbox-group"
            aria-invalid={fields.weekdays.errors ? true : undefined}
            aria-describedby={fields.weekdays.errors ? fields.weekdays.errorId : undefined}
          >
            <legend>Business days</legend>
            {WEEKDAYS.map((name, day) => (
              <label key={name} className="checkbox">
                <input type="checkbox" name="weekdays" value={day} defaultChecked={weekdays.includes(day)} />{" "}
                {name}
              </label>
            ))}
            <FieldError field={fields.weekdays} />
          </fieldset>
          <TextField
            label="Express delivery fee (Rs.)"
            field={fields.expressFee}
            value={settings.expressFee}
            inputMode="decimal"
            hint="Leave empty to offer standard delivery only."
          />
        </fieldset>
        <fieldset>
          <legend>Cash on delivery</legend>
          <label className="checkbox">
            <input type="checkbox" name="cashOnDelivery" defaultChecked={cod} /> Offer cash on delivery
          </label>
          <TextField
            label="Largest order paid in cash (Rs.)"
            field={fields.codCeiling}
            value={settings.codCeiling}
            inputMode="decimal"
          />
          <TextField
            label="Cash on delivery fee (Rs.)"
            field={fields.codFee}
            value={settings.codFee}
            inputMode="decimal"
          />
          <label className="checkbox">
            <input type="checkbox" name="rentalCashOnDelivery" defaultChecked={rentalCod} /> Let renters pay
            the deposit and first month in cash on delivery
          </label>
        </fieldset>
        <div className="form-actions">
          <button type="submit" name="intent" value="settings">
            Save settings
          </button>
        </div>
      </Form>

      <GstForm gst={gst} lastResult={intent === "gst" ? result : undefined} />

      <GrievanceForm grievance={grievance} lastResult={intent === "grievance" ? result : undefined} />

      <section aria-labelledby="holidays-heading" id="holidays">
        <h2 id="holidays-heading">Holidays</h2>
        <p className="admin-intro">
          Days the shop is closed: no order starts or travels on them. India's public holidays and Karnataka's
          are added each year; add the festivals (Ugadi, Ganesh Chaturthi, Deepavali …) from the state's list.
        </p>
        {holidays.length === 0 ? (
          <p>No holidays from this year on.</p>
        ) : (
          <ul className="admin-list holiday-list">
            {holidays.map((holiday) => (
              <li key={holiday.day}>
                <span>
                  {holiday.label} {holiday.day.slice(0, 4)}: {holiday.name}
                </span>
                <Form method="post" className="inline-form">
                  <input type="hidden" name="day" value={holiday.day} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove-holiday"
                    className="button-link"
                    aria-label={`Remove ${holiday.name} (${holiday.day})`}
                  >
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" {...holidayForm.props} className="inline-fields" aria-label="Add a holiday">
          <FormError id={holidayForm.errorId} errors={holidayForm.errors} />
          <FieldFrame id={holidayFields.day.id} label="Date" field={holidayFields.day}>
            <input
              {...serverFieldProps(holidayFields.day)}
              type="date"
              defaultValue={holidayFields.day.initialValue}
            />
          </FieldFrame>
          <FieldFrame id={holidayFields.name.id} label="Name" field={holidayFields.name}>
            <input
              {...serverFieldProps(holidayFields.name)}
              type="text"
              defaultValue={holidayFields.name.initialValue}
            />
          </FieldFrame>
          <button type="submit" name="intent" value="add-holiday">
            Add holiday
          </button>
        </Form>
      </section>

      <section aria-labelledby="zones-heading">
        <h2 id="zones-heading">Delivery zones</h2>
        <p className="admin-intro">
          Where the shop delivers, by PIN code prefixes and ranges; where zones overlap, the narrowest wins.{" "}
          <Link to="/admin/zones">Edit the delivery zones, or download and import them as CSV</Link>.
        </p>
        <ZonesTable zones={zones} />
      </section>
    </div>
  );
}
