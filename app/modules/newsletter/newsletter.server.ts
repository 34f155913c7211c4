import type { Database } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";

/** Subscribes an address once; returns false when it was already on the list. */
export async function subscribe(db: Database, email: string): Promise<boolean> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0;
}
