import { describe, expect, it } from "vitest";
import { type CheckedField, checkboxGroupProps, inputProps, selectProps, textareaProps } from "./field-props";

function field(overrides: Partial<CheckedField> = {}): CheckedField {
  return {
    id: "signup-form-email",
    name: "email",
    formId: "signup-form",
    errorId: "signup-form-email-error",
    errors: undefined,
    initialValue: undefined,
    defaultValue: undefined,
    key: undefined,
    constraint: {},
    ...overrides,
  };
}

describe("inputProps", () => {
  it("writes Conform's attributes and the constraints getZodConstraint gives, and nothing undefined", () => {
    const props = inputProps(
      field({ constraint: { required: true, maxLength: 254, pattern: "[0-9]{6}" }, initialValue: "asha@" }),
      { type: "email" },
    );
    expect(props).toEqual({
      required: true,
      id: "signup-form-email",
      name: "email",
      form: "signup-form",
      type: "email",
      maxLength: 254,
      pattern: "[0-9]{6}",
      defaultValue: "asha@",
    });
    expect(Object.keys(props)).toEqual([
      "required",
      "id",
      "name",
      "form",
      "type",
      "maxLength",
      "pattern",
      "defaultValue",
    ]);
  });

  it("marks a field with a message invalid and ties the message to it", () => {
    const props = inputProps(field({ errors: ["email is a required field"], key: "2/email" }), {
      type: "email",
    });
    expect(props).toMatchObject({
      key: "2/email",
      "aria-invalid": true,
      "aria-describedby": "signup-form-email-error",
    });
  });

  it("adds a hint's id after the message's, and keeps the hint alone without a message", () => {
    expect(inputProps(field({ errors: ["x"] }), { type: "text", ariaDescribedBy: "hint" })).toMatchObject({
      "aria-describedby": "signup-form-email-error hint",
    });
    expect(inputProps(field(), { type: "text", ariaDescribedBy: "hint" })["aria-describedby"]).toBe("hint");
  });

  it("gives a password no starting value, and leaves required out when it is false", () => {
    const props = inputProps(
      field({ initialValue: "secret", constraint: { required: false, minLength: 8 } }),
      {
        type: "password",
        value: false,
      },
    );
    expect(props).not.toHaveProperty("defaultValue");
    expect(props).not.toHaveProperty("required");
    expect(props).toMatchObject({ minLength: 8 });
  });
});

describe("selectProps and textareaProps", () => {
  it("give the starting value and their constraints", () => {
    expect(
      selectProps(field({ name: "state", id: "address-form-state", initialValue: "Karnataka" })),
    ).toEqual({
      id: "address-form-state",
      name: "state",
      form: "signup-form",
      defaultValue: "Karnataka",
    });
    expect(
      textareaProps(field({ initialValue: "Hello", constraint: { required: true, maxLength: 2000 } })),
    ).toMatchObject({ required: true, maxLength: 2000, defaultValue: "Hello" });
  });
});

describe("checkboxGroupProps", () => {
  it("gives one ticked or unticked box per option, ids and keys per option, never required", () => {
    const boxes = checkboxGroupProps(
      field({
        id: "product-form-tags",
        name: "tags",
        initialValue: ["special"],
        constraint: { required: true },
      }),
      ["new-arrivals", "special"],
    );
    expect(boxes).toEqual([
      {
        key: "new-arrivals",
        id: "product-form-tags-new-arrivals",
        name: "tags",
        form: "signup-form",
        type: "checkbox",
        value: "new-arrivals",
        defaultChecked: false,
      },
      {
        key: "special",
        id: "product-form-tags-special",
        name: "tags",
        form: "signup-form",
        type: "checkbox",
        value: "special",
        defaultChecked: true,
      },
    ]);
  });
});
