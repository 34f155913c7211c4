import { describe, expect, it } from "vitest";
import { loginSchema, profileSchema, resetPasswordSchema, signupSchema } from "./schemas";

function messages(result: {
  success: boolean;
  error?: { issues: { path: (string | number)[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("account forms", () => {
  it("sign-up gives the rules' messages for missing fields", () => {
    expect(messages(signupSchema.safeParse({}))).toEqual({
      firstname: "First Name is Required",
      lastname: "Last Name is Required",
      email: "email is a required field",
      mobile: "mobile is a required field",
      password: "password is a required field",
    });
  });

  it("sign-up normalises what people type", () => {
    const parsed = signupSchema.parse({
      firstname: "  Asha ",
      lastname: "Rao",
      email: " Asha.Rao@Example.IN ",
      mobile: "+91 98450-12345",
      password: "  spaces count  ",
    });
    expect(parsed).toMatchObject({
      firstname: "Asha",
      email: "asha.rao@example.in",
      mobile: "9845012345",
      password: "  spaces count  ",
    });
  });

  it("refuses a bad e-mail, a number that is not a mobile and a short password", () => {
    const result = signupSchema.safeParse({
      firstname: "A",
      lastname: "B",
      email: "asha@",
      mobile: "12345",
      password: "short",
    });
    expect(messages(result)).toEqual({
      email: "email must be a valid email",
      mobile: "mobile must be a valid 10-digit mobile number",
      password: "password must be at least 8 characters",
    });
  });

  it("log-in only checks that a password is there", () => {
    expect(messages(loginSchema.safeParse({ email: "a@b.in", password: "" }))).toEqual({
      password: "Password is Required",
    });
    expect(loginSchema.safeParse({ email: "a@b.in", password: "x" }).success).toBe(true);
  });

  it("the profile form uses its own e-mail messages", () => {
    const base = { firstname: "A", lastname: "B", mobile: "9845012345" };
    expect(messages(profileSchema.safeParse({ ...base, email: "" }))).toEqual({ email: "Email is Required" });
    expect(messages(profileSchema.safeParse({ ...base, email: "nope" }))).toEqual({
      email: "Email Should be valid",
    });
  });

  it("the profile form takes the current password as optional: the server decides when it is needed", () => {
    const base = { firstname: "A", lastname: "B", email: "a@b.in", mobile: "9845012345" };
    expect(profileSchema.parse(base)).toEqual({ ...base, currentPassword: undefined });
    expect(profileSchema.parse({ ...base, currentPassword: " typed as is " })).toMatchObject({
      currentPassword: " typed as is ",
    });
    expect(messages(profileSchema.safeParse({ ...base, currentPassword: "x".repeat(129) }))).toEqual({
      currentPassword: "password must be at most 128 characters",
    });
  });

  it("reset needs a password of at least 8 characters", () => {
    expect(messages(resetPasswordSchema.safeParse({}))).toEqual({ password: "password is a required field" });
    expect(resetPasswordSchema.safeParse({ password: "long enough" }).success).toBe(true);
  });
});
