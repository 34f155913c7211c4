import type { Database } from "~/db/client.server";
import { enquiries } from "~/db/schema";
import { normaliseIndianMobile } from "~/lib/mobile";

export type NewEnquiry = { name: string; email: string; mobile: string; comment: string };

/**
 * Stores a Contact Us enquiry. The values are trimmed and the mobile number is kept as its bare 10 digits;
 * callers validate first (contactSchema), so a mobile that is not an Indian mobile number is a programming error.
 */
export async function createEnquiry(db: Database, input: NewEnquiry) {
  const mobile = normaliseIndianMobile(input.mobile);
  if (mobile === undefined) throw new Error("createEnquiry: the mobile number is not a valid Indian mobile");
  const [row] = await db
    .insert(enquiries)
    .values({
      name: input.name.trim(),
      email: input.email.trim(),
      mobile,
      comment: input.comment.trim(),
    })
    .returning();
  if (!row) throw new Error("createEnquiry: the enquiry was not stored");
  return row;
}
