import type { Database } from "~/db/client.server";
import { staff } from "~/db/schema";
import type { Actor } from "~/features/audit/index.server";

let sequence = 0;

/**
 * A staff member stored straight in the database, with no password: someone for the audit trail to name and a
 * staff session to belong to, not someone who logs in. Returns the member and the Actor the modules take.
 */
export async function insertStaffMember(
  db: Database,
  overrides: Partial<typeof staff.$inferInsert> = {},
): Promise<{ id: number; name: string; email: string; actor: Actor }> {
  const n = ++sequence;
  const [member] = await db
    .insert(staff)
    .values({
      email: `content${n}.${Date.now()}@kaveri.test`,
      name: `Meera ${n}`,
      role: "staff",
      ...overrides,
    })
    .returning({ id: staff.id, name: staff.name, email: staff.email });
  if (!member) throw new Error("the staff member was not stored");
  return { ...member, actor: { id: member.id, name: member.name } };
}
