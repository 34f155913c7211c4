import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries } from "~/db/schema";
import { createEnquiry } from "~/features/content/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

describe(`enquiries (${databaseKind})`, () => {
  it("stores an enquiry with the mobile number as its bare 10 digits", async () => {
    const created = await createEnquiry(database.db, {
      name: " Lakshmi Narayan ",
      email: "lakshmi@example.in",
      mobile: "+91 98450 12345",
      comment: "Do you rent out laptops for a week-long training?",
    });
    const [row] = await database.db.select().from(enquiries).where(eq(enquiries.id, created.id));
    expect(row).toMatchObject({
      name: "Lakshmi Narayan",
      email: "lakshmi@example.in",
      mobile: "9845012345",
      comment: "Do you rent out laptops for a week-long training?",
      status: "Submitted",
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("normalises every way of writing the same mobile number", async () => {
    for (const mobile of ["098450-12345", "919845012345", "98450 12345"]) {
      const created = await createEnquiry(database.db, {
        name: "Ravi",
        email: "ravi@example.in",
        mobile,
        comment: "Quote for 4 CCTV cameras",
      });
      expect(created.mobile).toBe("9845012345");
    }
  });

  it("refuses a mobile number that is not an Indian mobile and stores nothing", async () => {
    const before = (await database.db.select().from(enquiries)).length;
    await expect(
      createEnquiry(database.db, { name: "Ravi", email: "ravi@example.in", mobile: "12345", comment: "Hi" }),
    ).rejects.toThrow(/mobile/);
    expect((await database.db.select().from(enquiries)).length).toBe(before);
  });
});
