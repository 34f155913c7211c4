import { Form, Link, useActionData, type useLoaderData } from "@remix-run/react";
import { Field, FieldError, FormError } from "~/components/forms/Field";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { inputProps, selectProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FALLBACK_IMAGE } from "~/features/catalogue";
import { ADDRESS_FIELD_NAMES, AddressFields } from "~/features/delivery";
import { bookingMessages } from "~/features/rentals";
import { requestLimits } from "~/lib/request-limits.mjs";
import type { action } from "./action.server";
import type { loader } from "./loader.server";

const MEGABYTES = requestLimits.rentalDocumentBytes / (1024 * 1024);
const ACCEPT = "application/pdf,image/jpeg,image/png";

/**
 * The booking form: the plan, the start, the delivery address, who rents, the documents and the terms. A
 * multipart form that works with JavaScript off; with it, each field is checked as it is left.
 */
export function BookingForm(data: ReturnType<typeof useLoaderData<typeof loader>>) {
  const { product, plans, deposit, terms, termsVersion, maxUnits, start, idKinds, addressKinds, defaults } =
    data;
  const answer = useActionData<typeof action>();
  const [form, fields] = useCheckedForm(
    "booking-form",
    answer?.result,
    [
      "months",
      "units",
      "startDate",
      ...ADDRESS_FIELD_NAMES,
      "customerType",
      "businessName",
      "gstin",
      "idProofKind",
      "idProof",
      "addressProofKind",
      "addressProof",
      "purchaseOrder",
      "terms",
    ],
    {
      constraint: data.constraint,
      defaultValue: defaults,
      loadSchema: () => import("~/features/rentals/schemas").then((forms) => forms.bookingSchema),
    },
  );
  const sending = useIsPending();
  const chosenMonths = String(fields.months.initialValue ?? "");
  const customerType = String(fields.customerType.initialValue ?? "individual");
  const { key: unitsKey, ...unitsProps } = inputProps(fields.units, { type: "number" });
  const { key: startKey, ...startProps } = inputProps(fields.startDate, { type: "date" });
  const { key: idKindKey, ...idKindProps } = selectProps(fields.idProofKind);
  const { key: addressKindKey, ...addressKindProps } = selectProps(fields.addressProofKind);
  const file = (name: "idProof" | "addressProof" | "purchaseOrder") => {
    const { key, ...props } = inputProps(fields[name], { type: "file", value: false });
    return <input key={key} {...props} accept={ACCEPT} />;
  };
  const fileHint = `A PDF, JPEG or PNG of at most ${MEGABYTES} MB.`;

  return (
    <div className="container page booking-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> / <Link to={`/product/${product.id}`}>{product.title}</Link> /{" "}
        <span aria-current="page">Book</span>
      </nav>
      <h1>Book this rental</h1>
      <div className="booking-product">
        <img src={product.image?.url ?? FALLBACK_IMAGE} alt="" width="96" height="96" />
        <p>{product.title}</p>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        className="stack-form booking-form"
        {...form.props}
        aria-labelledby="booking-heading"
      >
        <h2 id="booking-heading" className="visually-hidden">
          Rental request
        </h2>
        <FormError id={form.errorId} errors={form.errors} />
        {answer?.filesNotKept ? (
          <p className="hint booking-files-note">{bookingMessages.filesNotKept}</p>
        ) : null}

        <fieldset className="booking-plans" aria-describedby={fields.months.errorId}>
          <legend>Tenure</legend>
          {plans.map((plan) => (
            <label key={plan.months} className="choice">
              <input
                type="radio"
                name={fields.months.name}
                value={plan.months}
                defaultChecked={chosenMonths === String(plan.months)}
              />
              <span className="choice-name">
                {plan.tenure}: {plan.rent}
              </span>
              <span className="choice-note">Paid up front per unit: {plan.upFront}</span>
            </label>
          ))}
          <FieldError field={fields.months} />
          <p className="hint">Refundable deposit: {deposit} per unit. Rents include GST.</p>
        </fieldset>
        <div className="field-row">
          <FieldFrame
            id={fields.units.id}
            label="Units"
            field={fields.units}
            hint={`Up to ${maxUnits} here; for more, ask us for a quote.`}
          >
            <input key={unitsKey} {...unitsProps} inputMode="numeric" />
          </FieldFrame>
          <FieldFrame
            id={fields.startDate.id}
            label="Start date"
            field={fields.startDate}
            hint={
              start.pin
                ? `The earliest start for PIN code ${start.pin} is ${start.minText}; another PIN code may need longer.`
                : "The earliest start depends on the PIN code: we check it when you send the request."
            }
          >
            <input key={startKey} {...startProps} min={start.min} max={start.max} />
          </FieldFrame>
        </div>

        <h3>Delivery address</h3>
        <AddressFields fields={fields} />

        <fieldset className="booking-renter" aria-describedby={fields.customerType.errorId}>
          <legend>You rent as</legend>
          <label className="choice">
            <input
              type="radio"
              name={fields.customerType.name}
              value="individual"
              defaultChecked={customerType !== "business"}
            />
            <span className="choice-name">An individual</span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name={fields.customerType.name}
              value="business"
              defaultChecked={customerType === "business"}
            />
            <span className="choice-name">A business</span>
            <span className="choice-note">
              Its GSTIN goes on the invoices, and it may attach a purchase order.
            </span>
          </label>
          <FieldError field={fields.customerType} />
          <Field
            label="Business legal name (for a business)"
            field={fields.businessName}
            autoComplete="organization"
          />
          <Field label="GSTIN (for a business)" field={fields.gstin} autoComplete="off" />
          <FieldFrame
            id={fields.purchaseOrder.id}
            label="Purchase order (optional, for a business)"
            field={fields.purchaseOrder}
            hint={fileHint}
          >
            {file("purchaseOrder")}
          </FieldFrame>
        </fieldset>

        <fieldset className="booking-documents">
          <legend>Documents</legend>
          <p className="hint">
            Never send a full Aadhaar number: use a masked Aadhaar (downloaded from UIDAI with only the last 4
            digits showing), or another document. Only our staff see these, and they are deleted after the
            rental ends.
          </p>
          <FieldFrame id={fields.idProofKind.id} label="ID proof" field={fields.idProofKind}>
            <select key={idKindKey} {...idKindProps}>
              <option value="">Choose a document</option>
              {idKinds.map((kind) => (
                <option key={kind.value} value={kind.value}>
                  {kind.label}
                </option>
              ))}
            </select>
          </FieldFrame>
          <FieldFrame id={fields.idProof.id} label="ID proof file" field={fields.idProof} hint={fileHint}>
            {file("idProof")}
          </FieldFrame>
          <FieldFrame id={fields.addressProofKind.id} label="Address proof" field={fields.addressProofKind}>
            <select key={addressKindKey} {...addressKindProps}>
              <option value="">Choose a document</option>
              {addressKinds.map((kind) => (
                <option key={kind.value} value={kind.value}>
                  {kind.label}
                </option>
              ))}
            </select>
          </FieldFrame>
          <FieldFrame
            id={fields.addressProof.id}
            label="Address proof file"
            field={fields.addressProof}
            hint={fileHint}
          >
            {file("addressProof")}
          </FieldFrame>
        </fieldset>

        <section className="booking-terms" aria-labelledby="terms-heading">
          <h3 id="terms-heading">Rental terms</h3>
          <ol>
            {terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ol>
          <label className="choice">
            <input
              type="checkbox"
              name={fields.terms.name}
              id={fields.terms.id}
              aria-describedby={fields.terms.errorId}
              aria-invalid={fields.terms.errors ? true : undefined}
              defaultChecked={fields.terms.initialValue === "on"}
            />
            <span className="choice-name">I agree to the rental terms (version {termsVersion}).</span>
          </label>
          <FieldError field={fields.terms} />
        </section>
        <p className="hint">
          Nothing is paid now: we check the request, then ask you for the first month and the deposit.
        </p>
        <div className="form-actions">
          <Link to={`/product/${product.id}`}>Back to the product</Link>
          <button type="submit" disabled={sending}>
            {sending ? "Sending…" : "Send rental request"}
          </button>
        </div>
      </Form>
    </div>
  );
}
