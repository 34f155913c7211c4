import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { contactMessages } from "./messages";
import { CONTACT_LIMITS, contactSchema } from "./schemas";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const valid = {
  name: "Lakshmi Narayan",
  email: "lakshmi@example.in",
  mobile: "+91 98450 12345",
  comment: "Do you rent out laptops for a week-long training?",
};

describe("contactSchema", () => {
  it("accepts a filled form, trims it and keeps the bare mobile number", () => {
    const result = contactSchema.safeParse({
      name: "  Lakshmi Narayan ",
      email: " lakshmi@example.in ",
      mobile: "098450-12345",
      comment: "\n Need a quote \n",
    });
    expect(result.success && result.data).toEqual({
      name: "Lakshmi Narayan",
      email: "lakshmi@example.in",
      mobile: "9845012345",
      comment: "Need a quote",
    });
  });

  it("gives the rules' four messages for an empty form (through Conform, as the route parses it)", () => {
    const submission = parseWithZod(form({ name: "", email: "", mobile: "", comment: "" }), {
      schema: contactSchema,
    });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      name: ["First Name is Required"],
      email: ["Email is Required"],
      mobile: ["Mobile No is Required"],
      comment: ["comments is Required"],
    });
  });

  it("gives the same messages when the fields are missing altogether", () => {
    const submission = parseWithZod(form({}), { schema: contactSchema });
    expect(submission.status === "error" && submission.error).toEqual({
      name: ["First Name is Required"],
      email: ["Email is Required"],
      mobile: ["Mobile No is Required"],
      comment: ["comments is Required"],
    });
  });

  it("treats whitespace-only values as empty", () => {
    const submission = parseWithZod(form({ name: "   ", email: " ", mobile: "  ", comment: "\n\t" }), {
      schema: contactSchema,
    });
    expect(submission.status === "error" && submission.error).toEqual({
      name: ["First Name is Required"],
      email: ["Email is Required"],
      mobile: ["Mobile No is Required"],
      comment: ["comments is Required"],
    });
  });

  it("says 'Email Should be valid' for a malformed address", () => {
    for (const email of ["lakshmi", "lakshmi@", "lakshmi@example", "@example.in", "a b@example.in"]) {
      const result = contactSchema.safeParse({ ...valid, email });
      expect(result.success).toBe(false);
      expect(result.error?.flatten().fieldErrors).toEqual({ email: [contactMessages.emailInvalid] });
    }
  });

  it("says 'Mobile No is Required' for a number that is not an Indian mobile", () => {
    for (const mobile of ["12345", "5845012345", "98450123456", "+1 415 555 0100", "abc", "-9845012345.5"]) {
      const result = contactSchema.safeParse({ ...valid, mobile });
      expect(result.success).toBe(false);
      expect(result.error?.flatten().fieldErrors).toEqual({ mobile: ["Mobile No is Required"] });
    }
  });

  it("refuses overlong values with a clear message", () => {
    const tooLong = contactSchema.safeParse({
      name: "n".repeat(CONTACT_LIMITS.name + 1),
      email: `${"e".repeat(CONTACT_LIMITS.email)}@example.in`,
      mobile: valid.mobile,
      comment: "c".repeat(CONTACT_LIMITS.comment + 1),
    });
    expect(tooLong.error?.flatten().fieldErrors).toEqual({
      name: ["Name must be 100 characters or fewer"],
      email: ["Email must be 254 characters or fewer"],
      comment: ["Comments must be 2000 characters or fewer"],
    });
  });

  it("accepts values exactly at the limits", () => {
    const atLimit = contactSchema.safeParse({
      name: "n".repeat(CONTACT_LIMITS.name),
      email: `${"e".repeat(CONTACT_LIMITS.email - "@example.in".length)}@example.in`,
      mobile: valid.mobile,
      comment: "c".repeat(CONTACT_LIMITS.comment),
    });
    expect(atLimit.success).toBe(true);
  });
});
