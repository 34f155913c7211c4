// The register of rental units (decision 0043): the dealer's machines, apart from sale stock, each out on one
// booking at a time. Availability for a booking comes from here once a product has units registered.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products, rentalBookings, rentalEvents, rentalUnits } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { violatedConstraint } from "~/lib/errors.server";
import { rentalAdminMessages } from "./admin-messages";
import { bookingReference, RETURN_TURNAROUND_DAYS } from "./booking";
import type { RentalUnitValues } from "./schemas";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The rental products a unit can be registered as, by title. */
export async function rentalProducts(db: Database) {
  return db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(eq(products.productType, "rental"))
    .orderBy(asc(products.title));
}

export const UNIT_STATUS_TEXT = {
  available: "Available",
  rented: "Rented",
  repair: "In repair",
  retired: "Retired",
} as const;

/** Every unit, by product and asset tag, with the booking it is out on. */
export async function listUnits(db: Database, productId?: number) {
  const rows = await db
    .select({ unit: rentalUnits, title: products.title })
    .from(rentalUnits)
    .innerJoin(products, eq(products.id, rentalUnits.productId))
    .where(productId ? eq(rentalUnits.productId, productId) : undefined)
    .orderBy(asc(products.title), asc(rentalUnits.assetTag));
  return rows.map(({ unit, title }) => ({
    id: unit.id,
    title,
    assetTag: unit.assetTag,
    serialNumber: unit.serialNumber,
    configuration: unit.configuration,
    grade: unit.grade,
    batteryHealth: unit.batteryHealth,
    status: UNIT_STATUS_TEXT[unit.status],
    booking: unit.bookingId ? { id: unit.bookingId, reference: bookingReference(unit.bookingId) } : null,
  }));
}

/** One unit for its edit page, with its history (bookings out and back, repairs, changes). */
export async function unitForEdit(db: Database, id: number) {
  const [unit] = await db.select().from(rentalUnits).where(eq(rentalUnits.id, id));
  if (!unit) return undefined;
  const history = await db
    .select()
    .from(rentalEvents)
    .where(eq(rentalEvents.unitId, id))
    .orderBy(desc(rentalEvents.id));
  return {
    unit,
    history: history.map((event) => ({
      id: event.id,
      at: event.createdAt.toISOString(),
      who: event.actorName,
      booking: event.bookingId ? bookingReference(event.bookingId) : null,
      what: event.toStatus ?? "",
      note: event.note,
    })),
  };
}

export type UnitSave = { ok: true; id: number } | { ok: false; field: string; message: string };

/**
 * Adds a unit (no id) or changes one. A unit out on a booking keeps its status (the booking brings it back);
 * serial numbers and asset tags are unique, the database says so and the field shows it.
 */
export async function saveUnit(
  db: Database,
  actor: Actor,
  id: number | undefined,
  values: RentalUnitValues,
): Promise<UnitSave> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, values.productId), eq(products.productType, "rental")));
  if (!product) return { ok: false, field: "productId", message: rentalAdminMessages.productRequired };
  const { status, ...fields } = values;
  try {
    return await db.transaction(async (tx): Promise<UnitSave> => {
      if (id === undefined) {
        const [created] = await tx
          .insert(rentalUnits)
          .values({ ...fields, status: status ?? "available" })
          .returning({ id: rentalUnits.id });
        if (!created) throw new Error("The unit was not stored");
        await unitEvent(tx, actor, created.id, "Added", fields.notes);
        await recordAudit(tx, actor, "rental.unit", fields.assetTag, { added: fields.serialNumber });
        return { ok: true, id: created.id };
      }
      const [before] = await tx.select().from(rentalUnits).where(eq(rentalUnits.id, id)).for("update");
      if (!before) return { ok: false, field: "serialNumber", message: rentalAdminMessages.unitOut };
      if (before.status === "rented" && status) {
        return { ok: false, field: "status", message: rentalAdminMessages.unitOut };
      }
      const nextStatus = before.status === "rented" ? "rented" : (status ?? before.status);
      // A unit out on a booking stays the product its booking rents.
      const productId = before.status === "rented" ? before.productId : fields.productId;
      await tx
        .update(rentalUnits)
        .set({ ...fields, productId, status: nextStatus, updatedAt: new Date() })
        .where(eq(rentalUnits.id, id));
      if (nextStatus !== before.status)
        await unitEvent(tx, actor, id, UNIT_STATUS_TEXT[nextStatus], fields.notes);
      await recordAudit(tx, actor, "rental.unit", fields.assetTag, {
        status: { before: before.status, after: nextStatus },
        grade: { before: before.grade, after: fields.grade },
        batteryHealth: { before: before.batteryHealth, after: fields.batteryHealth },
      });
      return { ok: true, id };
    });
  } catch (error) {
    const constraint = violatedConstraint(error);
    if (constraint?.includes("serial")) {
      return { ok: false, field: "serialNumber", message: rentalAdminMessages.serialTaken };
    }
    if (constraint?.includes("asset_tag")) {
      return { ok: false, field: "assetTag", message: rentalAdminMessages.assetTagTaken };
    }
    throw error;
  }
}

/** A line of a unit's history, inside the caller's transaction. */
export async function unitEvent(
  tx: Tx,
  actor: Actor,
  unitId: number,
  what: string,
  note: string,
  bookingId: number | null = null,
): Promise<void> {
  await tx
    .insert(rentalEvents)
    .values({ unitId, bookingId, toStatus: what, staffId: actor.id, actorName: actor.name, note });
}

/** The units of a product free to be set aside for a booking. */
export async function freeUnits(db: Database | Tx, productId: number) {
  return db
    .select({
      id: rentalUnits.id,
      assetTag: rentalUnits.assetTag,
      serialNumber: rentalUnits.serialNumber,
      grade: rentalUnits.grade,
      configuration: rentalUnits.configuration,
    })
    .from(rentalUnits)
    .where(and(eq(rentalUnits.productId, productId), eq(rentalUnits.status, "available")))
    .orderBy(asc(rentalUnits.assetTag));
}

/**
 * How many units of a product a new booking starting on `startDate` may ask for: once it has units registered
 * (retired ones aside), those free now and those out on a rental whose tenure ends RETURN_TURNAROUND_DAYS or
 * more before that day; else its stock figure, for a dealer who has not registered the fleet yet. Requests
 * not yet approved hold nothing: approval sets units aside, first come first served.
 */
export async function unitsFree(
  db: Database | Tx,
  productId: number,
  stock: number,
  startDate?: string,
): Promise<number> {
  const backBy = sql`(coalesce(${rentalBookings.activeFrom}, ${rentalBookings.startDate}) + make_interval(months => ${rentalBookings.months}::int))::date`;
  const [units] = await db
    .select({
      registered: sql<number>`count(*) FILTER (WHERE ${rentalUnits.status} <> 'retired')`.mapWith(Number),
      free: sql<number>`count(*) FILTER (WHERE ${rentalUnits.status} = 'available')`.mapWith(Number),
      back: startDate
        ? sql<number>`count(*) FILTER (WHERE ${rentalUnits.status} = 'rented' AND ${backBy} <= ${startDate}::date - ${RETURN_TURNAROUND_DAYS}::int)`.mapWith(
            Number,
          )
        : sql<number>`0`.mapWith(Number),
    })
    .from(rentalUnits)
    .leftJoin(rentalBookings, eq(rentalBookings.id, rentalUnits.bookingId))
    .where(eq(rentalUnits.productId, productId));
  return (units?.registered ?? 0) > 0 ? (units?.free ?? 0) + (units?.back ?? 0) : stock;
}

/** The units a booking holds. */
export async function unitsOf(db: Database | Tx, bookingId: number) {
  return db
    .select({ id: rentalUnits.id, assetTag: rentalUnits.assetTag, serialNumber: rentalUnits.serialNumber })
    .from(rentalUnits)
    .where(eq(rentalUnits.bookingId, bookingId))
    .orderBy(asc(rentalUnits.assetTag));
}
