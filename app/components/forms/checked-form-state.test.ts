import type { SubmissionResult } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import {
  afterFieldCheck,
  afterSubmitCheck,
  cleanErrors,
  initialValueOf,
  keyOf,
  resetState,
  stateFromResult,
  toFieldValue,
} from "./checked-form-state";

/** What `submission.reply()` sends back for a login refused by the schema (the password hidden). */
const refused: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { email: "asha@", redirectTo: "" },
  error: { email: ["email must be a valid email"], password: ["Password is Required"] },
  fields: ["email", "password", "redirectTo"],
};

describe("cleanErrors", () => {
  it("keeps the messages and leaves out Conform's nulls and empty lists", () => {
    expect(cleanErrors({ "": null, email: ["taken"], password: [] })).toEqual({ email: ["taken"] });
    expect(cleanErrors(undefined)).toEqual({});
  });
});

describe("toFieldValue", () => {
  it("serialises default values as Conform did", () => {
    expect(toFieldValue("Asha")).toBe("Asha");
    expect(toFieldValue(12)).toBe("12");
    expect(toFieldValue(true)).toBe("on");
    expect(toFieldValue(false)).toBeUndefined();
    expect(toFieldValue(["new", 3])).toEqual(["new", "3"]);
    expect(toFieldValue(null)).toBeUndefined();
    expect(toFieldValue({ nested: "x" })).toBeUndefined();
  });
});

describe("stateFromResult", () => {
  it("starts empty without an answer", () => {
    const state = stateFromResult("login-form", undefined);
    expect(state).toMatchObject({ errors: {}, validated: [], generation: 0, resultValuesIgnored: false });
    expect(keyOf(state, "email")).toBeUndefined();
  });

  it("shows the server's messages and counts every sent field as checked", () => {
    const state = stateFromResult("login-form", refused);
    expect(state.errors).toEqual({
      email: ["email must be a valid email"],
      password: ["Password is Required"],
    });
    expect([...state.validated].sort()).toEqual(["email", "password", "redirectTo"]);
  });

  it("counts a form-wide message as checked, so the next check in the browser replaces it", () => {
    const state = stateFromResult("login-form", {
      status: "error",
      initialValue: { email: "asha@example.in" },
      error: { "": ["Invalid credentials"] },
      fields: ["email", "password"],
    });
    expect(state.errors).toEqual({ "": ["Invalid credentials"] });
    expect(afterFieldCheck(state, "password", {}).errors).toEqual({});
  });

  it("resets the fields (new keys, defaults) when the answer says resetForm", () => {
    const before = stateFromResult("invite-staff", refused);
    const after = stateFromResult("invite-staff", { initialValue: null }, before);
    expect(after.generation).toBe(1);
    expect(after.errors).toEqual({});
    expect(keyOf(after, "email")).toBe("1/email");
    expect(initialValueOf(after, "role", { role: "staff" })).toBe("staff");
  });

  it("finds a nested field's value by its dotted name, in the answer or the defaults", () => {
    const answer = stateFromResult("product-form", {
      status: "error",
      initialValue: { title: "ThinkPad", spec: { ram_gb: "999", bio_methods: ["face", "card"] } },
      error: { "spec.ram_gb": ["RAM must be from 1 to 256 GB."] },
      fields: ["title", "spec.ram_gb"],
    });
    expect(initialValueOf(answer, "spec.ram_gb", { spec: { ram_gb: "16" } })).toBe("999");
    expect(initialValueOf(answer, "spec.bio_methods", {})).toEqual(["face", "card"]);
    // Not in the answer: empty, like every other field the answer leaves out.
    expect(initialValueOf(answer, "spec.cpu", { spec: { cpu: "core-i5" } })).toBeUndefined();
    const fresh = stateFromResult("product-form", undefined);
    expect(initialValueOf(fresh, "spec.cpu", { spec: { cpu: "core-i5" } })).toBe("core-i5");
    expect(initialValueOf(fresh, "spec.toString", { spec: {} })).toBeUndefined();
  });

  it("does not count a reset on the first drawing of the page (Conform did not either)", () => {
    expect(stateFromResult("invite-staff", { initialValue: null }).generation).toBe(0);
  });

  it("starts afresh, ignoring the answer, when the form id changes", () => {
    const view = stateFromResult("profile-form-view", undefined);
    const edit = stateFromResult("profile-form-edit", refused, view);
    expect(edit).toMatchObject({ id: "profile-form-edit", errors: {}, generation: 1 });
    expect(initialValueOf(edit, "email", { email: "asha@example.in" })).toBe("asha@example.in");
  });
});

describe("checks in the browser", () => {
  it("a submit shows every message and counts every field as checked", () => {
    const state = afterSubmitCheck(stateFromResult("signup-form", undefined), ["firstname", "email"], {
      email: ["email is a required field"],
    });
    expect(state.errors).toEqual({ email: ["email is a required field"] });
    expect(state.validated).toEqual(["firstname", "email"]);
  });

  it("leaving a field shows its own message only, not those of fields not yet checked", () => {
    const errors = { email: ["email is a required field"], mobile: ["mobile is a required field"] };
    const state = afterFieldCheck(stateFromResult("signup-form", undefined), "email", errors);
    expect(state.errors).toEqual({ email: ["email is a required field"] });
    expect(state.validated).toEqual(["email"]);
  });

  it("a field checked again drops a message fixed meanwhile, and keeps the other checked fields' up to date", () => {
    let state = stateFromResult("signup-form", undefined);
    state = afterFieldCheck(state, "email", { email: ["bad"], mobile: ["bad"] });
    state = afterFieldCheck(state, "mobile", { email: ["bad"], mobile: ["bad"] });
    expect(state.errors).toEqual({ email: ["bad"], mobile: ["bad"] });
    state = afterFieldCheck(state, "email", { mobile: ["bad"] });
    expect(state.errors).toEqual({ mobile: ["bad"] });
  });

  it("a reset empties the messages and the values the last answer sent back", () => {
    const state = resetState(stateFromResult("contact-form", refused));
    expect(state.errors).toEqual({});
    expect(state.validated).toEqual([]);
    expect(keyOf(state, "email")).toBe("1/email");
    expect(initialValueOf(state, "email", undefined)).toBeUndefined();
  });
});

describe("initialValueOf", () => {
  it("takes what was typed from the answer, and leaves a hidden password empty rather than use a default", () => {
    const state = stateFromResult("login-form", refused);
    expect(initialValueOf(state, "email", { email: "old@example.in" })).toBe("asha@");
    expect(initialValueOf(state, "password", { password: "never" })).toBeUndefined();
  });

  it("takes the defaults before any answer", () => {
    const state = stateFromResult("product-form", undefined);
    expect(initialValueOf(state, "tags", { tags: ["new-arrivals"] })).toEqual(["new-arrivals"]);
    expect(initialValueOf(state, "title", {})).toBeUndefined();
  });
});
