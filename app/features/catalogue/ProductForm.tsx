import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { type ChangeEvent, type ReactNode, useState } from "react";
import type { FormConstraint } from "~/components/forms/checked-form-state";
import { FieldError, FormError } from "~/components/forms/FieldError";
import { FieldFrame } from "~/components/forms/FieldFrame";
import {
  type CheckedField,
  checkboxGroupProps,
  inputProps,
  selectProps,
  textareaProps,
} from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { GST_RATE_CHOICES } from "~/features/invoices";
import { RentalOfferFields, rentalFieldNames } from "~/features/rentals";
import { PRODUCT_LIMITS } from "~/lib/form-limits";
import { PRODUCT_TYPES, productTypeLabels, TAGS, tagLabels } from "./catalogue";
import { SpecificationFields } from "./SpecificationFields";
import { type SpecForms, specFieldName, specFieldsOf } from "./specs/spec-form";

export type ProductFormDefaults = {
  sku: string;
  title: string;
  description: string;
  brand: string;
  category: string;
  productType: string;
  tags: string[];
  colours: string[];
  mrp: string;
  offerPrice: string;
  stock: string;
  hsn: string;
  gstRate: string;
  newColourName?: string;
  newColourValue?: string;
  /** The stored specification by attribute code: numbers as text, options as codes (specFormDefaults). */
  spec: Record<string, string | string[]>;
  /** A rental's stored offer as its fields show it (rentalFormDefaults). */
  rental: Record<string, string>;
};

type Colour = { id: number; name: string; value: string };

type BaseField =
  | "sku"
  | "title"
  | "description"
  | "brand"
  | "category"
  | "productType"
  | "tags"
  | "colours"
  | "newColourName"
  | "newColourValue"
  | "mrp"
  | "offerPrice"
  | "stock"
  | "hsn"
  | "gstRate";

/** A labelled text input of the checked form, with the extras the catalogue needs (suggestions, a unit). */
function TextField({
  label,
  field,
  list,
  inputMode,
  hint,
  onChange,
}: {
  label: string;
  field: CheckedField;
  list?: string;
  inputMode?: "decimal" | "numeric";
  hint?: ReactNode;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { key, ...props } = inputProps(field, { type: "text" });
  return (
    <FieldFrame id={field.id} label={label} hint={hint} field={field}>
      <input key={key} {...props} list={list} inputMode={inputMode} autoComplete="off" onChange={onChange} />
    </FieldFrame>
  );
}

const asText = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Every field of a product, for /admin/products/new and /admin/products/$id: a plain multipart form (a long
 * description in Kannada stays far under the 64 KB limit) checked in the browser with the server's own schema
 * (loaded when the form is first touched). `constraint` is `getZodConstraint(productFormSchema)`, from the
 * route's loader. `children` go inside the form (the edit page's version field). The specification's fields
 * are those of the category and type typed last (`specForms`, from the loader): as the page is drawn, and as
 * they change with JavaScript on.
 */
export function ProductForm({
  lastResult,
  constraint,
  defaults,
  specForms,
  colours,
  categories,
  brands,
  submitLabel,
  children,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
  defaults: ProductFormDefaults;
  specForms: SpecForms;
  colours: Colour[];
  categories: string[];
  brands: string[];
  submitLabel: string;
  children?: ReactNode;
}) {
  const saving = useIsPending({ intent: "save" });
  // What a refused save sent back, else the product as stored: the fields follow the category typed.
  const [specsOf, setSpecsOf] = useState(() => {
    const start: Record<string, unknown> = lastResult?.initialValue ?? defaults;
    return { category: asText(start.category), productType: asText(start.productType) };
  });
  const specs = specFieldsOf(specForms, specsOf.category, specsOf.productType);
  // A rental is priced by its plans (decision 0043): they take the place of MRP and offer price.
  const rental = specsOf.productType === "rental";
  const [form, fields] = useCheckedForm<BaseField | `spec.${string}` | `rental.${string}`>(
    "product-form",
    lastResult,
    [
      "sku",
      "title",
      "description",
      "brand",
      "category",
      "productType",
      "tags",
      "colours",
      "newColourName",
      "newColourValue",
      "mrp",
      "offerPrice",
      "stock",
      "hsn",
      "gstRate",
      ...specs.map((spec) => specFieldName(spec.code)),
      ...(rental ? rentalFieldNames() : []),
    ],
    {
      constraint,
      defaultValue: defaults,
      loadSchema: () => import("./schemas").then((forms) => forms.productFormSchema),
    },
  );
  // A pasted description longer than the limit gets a message, not a silent cut by the browser.
  const { key: descriptionKey, maxLength: _, ...descriptionProps } = textareaProps(fields.description);
  const { key: typeKey, ...typeProps } = selectProps(fields.productType);
  const { key: rateKey, ...rateProps } = selectProps(fields.gstRate);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="stack-form product-form"
      {...form.props}
      aria-labelledby="product-form-heading"
    >
      <h2 id="product-form-heading" className="visually-hidden">
        Product details
      </h2>
      {children}
      <FormError id={form.errorId} errors={form.errors} />
      <TextField label="Title" field={fields.title} />
      <TextField
        label="SKU"
        field={fields.sku}
        hint="Your stock-keeping code, such as DL-3440-I5; left blank on a new product, the shop numbers one (KC-00042)"
      />
      <FieldFrame
        id={fields.description.id}
        label="Description"
        field={fields.description}
        hint={
          <>
            HTML: paragraphs, headings, lists, bold, links, tables and https pictures, up to{" "}
            {PRODUCT_LIMITS.description.toLocaleString("en-IN")} characters. Scripts, styles and anything else
            the shop does not show are removed when it is saved.
          </>
        }
      >
        <textarea key={descriptionKey} {...descriptionProps} rows={10} />
      </FieldFrame>
      <div className="product-form-pair">
        <TextField label="Brand" field={fields.brand} list="product-brands" />
        <TextField
          label="Category"
          field={fields.category}
          list="product-categories"
          onChange={(event) => setSpecsOf((now) => ({ ...now, category: event.target.value }))}
        />
      </div>
      <datalist id="product-brands">
        {brands.map((brand) => (
          <option key={brand} value={brand} />
        ))}
      </datalist>
      <datalist id="product-categories">
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <FieldFrame id={fields.productType.id} label="Type" field={fields.productType}>
        <select
          key={typeKey}
          {...typeProps}
          onChange={(event) => setSpecsOf((now) => ({ ...now, productType: event.target.value }))}
        >
          {PRODUCT_TYPES.map((type) => (
            <option key={type} value={type}>
              {productTypeLabels[type]}
            </option>
          ))}
        </select>
      </FieldFrame>
      <fieldset className="field choice-group">
        <legend>Tags (the home page's sections)</legend>
        {checkboxGroupProps(fields.tags, TAGS).map(({ key, ...props }) => (
          <label key={key} className="choice">
            <input {...props} />
            {tagLabels[props.value as (typeof TAGS)[number]]}
          </label>
        ))}
        <FieldError field={fields.tags} />
      </fieldset>
      <fieldset className="field choice-group colour-choices">
        <legend>Colours (at least one: shoppers choose one when they buy)</legend>
        {checkboxGroupProps(
          fields.colours,
          colours.map((colour) => String(colour.id)),
        ).map(({ key, ...props }) => {
          const colour = colours.find((c) => String(c.id) === props.value);
          return (
            <label key={key} className="choice">
              <input {...props} />
              <span className="colour-dot" style={{ background: colour?.value }} aria-hidden="true" />
              {colour?.name}
            </label>
          );
        })}
        <FieldError field={fields.colours} />
        <div className="product-form-pair new-colour">
          <TextField label="Or add a new colour: name" field={fields.newColourName} />
          <TextField
            label="Its CSS colour value"
            field={fields.newColourValue}
            hint="Such as #1a2b3c, rgb(26, 43, 60) or navy"
          />
        </div>
      </fieldset>
      {rental ? (
        <RentalOfferFields fieldOf={(name) => fields[name]} />
      ) : (
        <div className="product-form-pair">
          <TextField label="MRP (Rs.)" field={fields.mrp} inputMode="decimal" hint="Up to 2 decimals" />
          <TextField
            label="Offer price (Rs.)"
            field={fields.offerPrice}
            inputMode="decimal"
            hint="Not more than the MRP"
          />
        </div>
      )}
      <TextField
        label="Stock (units)"
        field={fields.stock}
        inputMode="numeric"
        hint={`A whole number from 0 to ${PRODUCT_LIMITS.maxStock.toLocaleString("en-IN")}`}
      />
      <div className="product-form-pair">
        <TextField
          label="HSN code"
          field={fields.hsn}
          inputMode="numeric"
          hint="4, 6 or 8 digits; left blank, the usual code: 8471 computers, 8525 CCTV cameras, 8521 recorders, 8443 printers, 8544 cables"
        />
        <FieldFrame id={fields.gstRate.id} label="GST rate" field={fields.gstRate}>
          <select key={rateKey} {...rateProps}>
            {GST_RATE_CHOICES.map((rate) => (
              <option key={rate} value={rate}>
                {rate} %
              </option>
            ))}
          </select>
        </FieldFrame>
      </div>
      <SpecificationFields forms={specForms} specs={specs} fieldOf={(name) => fields[name]} />
      <button type="submit" name="intent" value="save" disabled={saving}>
        {saving ? "Saving…" : submitLabel}
      </button>
    </Form>
  );
}
