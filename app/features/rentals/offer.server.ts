import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products, rentalOffers, rentalPlans } from "~/db/schema";
import { type RentalOffer, rentalPriceColumns, sortedPlans } from "./offer";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The rental offers of these products, by product id (a product with no offer is absent). */
export async function readRentalOffers(
  db: Database | Tx,
  productIds: number[],
): Promise<Map<number, RentalOffer>> {
  const offers = new Map<number, RentalOffer>();
  if (productIds.length === 0) return offers;
  const [rows, plans] = await Promise.all([
    db.select().from(rentalOffers).where(inArray(rentalOffers.productId, productIds)),
    db
      .select()
      .from(rentalPlans)
      .where(inArray(rentalPlans.productId, productIds))
      .orderBy(asc(rentalPlans.productId), asc(rentalPlans.months)),
  ]);
  for (const row of rows) {
    offers.set(row.productId, {
      deposit: row.deposit,
      minimumMonths: row.minimumMonths,
      earlyClosure: row.earlyClosure,
      closureFeeMonths: row.closureFeeMonths,
      plans: plans
        .filter((plan) => plan.productId === row.productId)
        .map(({ months, monthlyRent }) => ({ months, monthlyRent })),
    });
  }
  return offers;
}

/** One product's rental offer, if it has one. */
export async function readRentalOffer(
  db: Database | Tx,
  productId: number,
): Promise<RentalOffer | undefined> {
  return (await readRentalOffers(db, [productId])).get(productId);
}

/**
 * Replaces a product's rental offer (none: takes it away), inside the caller's transaction. With an offer, the
 * product's price columns become its rents (rentalPriceColumns), so the store lists, sorts and filters it by
 * its monthly rent.
 */
export async function writeRentalOffer(
  tx: Tx,
  productId: number,
  offer: RentalOffer | undefined,
): Promise<void> {
  await tx.delete(rentalOffers).where(eq(rentalOffers.productId, productId));
  if (!offer || offer.plans.length === 0) return;
  await insertRentalOffers(tx, [{ productId, offer }]);
  await tx.update(products).set(rentalPriceColumns(offer)).where(eq(products.id, productId));
}

/**
 * The rows of these products' offers, inserted (the seed's many at once, or one saved): the minimum tenure is
 * the shortest plan's, and a fee's months only with the fee rule.
 */
export async function insertRentalOffers(
  tx: Database | Tx,
  offers: readonly { productId: number; offer: RentalOffer }[],
): Promise<void> {
  const offered = offers.filter(({ offer }) => offer.plans.length > 0);
  if (offered.length === 0) return;
  await tx.insert(rentalOffers).values(
    offered.map(({ productId, offer }) => ({
      productId,
      deposit: offer.deposit,
      minimumMonths: sortedPlans(offer.plans)[0]?.months ?? offer.minimumMonths,
      earlyClosure: offer.earlyClosure,
      closureFeeMonths: offer.earlyClosure === "fee" ? offer.closureFeeMonths : 0,
    })),
  );
  await tx
    .insert(rentalPlans)
    .values(offered.flatMap(({ productId, offer }) => offer.plans.map((plan) => ({ productId, ...plan }))));
}
