// A product's pictures in the back office: added one at a time, moved up or down, described, removed. The
// first is the card's picture. Each change is audited in its own transaction, under the product's row lock.

import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type ProductImage, products } from "~/db/schema";
import { type Actor, recordAudit } from "~/features/audit/index.server";
import { deleteUploadedImage } from "~/features/images/index.server";
import { PRODUCT_LIMITS } from "./schemas";

export type ImageChange = { ok: true } | { ok: false; problem: "not-found" | "no-image" | "too-many" };

/**
 * Changes a product's pictures under a row lock, so two members' changes apply one after the other. The
 * product's updated_at is left alone: pictures are not part of the edit form, so an open form stays valid.
 */
async function changeImages(
  db: Database,
  actor: Actor,
  id: number,
  action: string,
  url: string,
  change: (images: ProductImage[]) => ProductImage[] | "no-image" | "too-many",
  details: Record<string, unknown> = {},
): Promise<ImageChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ images: products.images })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!row) return { ok: false, problem: "not-found" };
    const images = change(row.images);
    if (typeof images === "string") return { ok: false, problem: images };
    await tx.update(products).set({ images }).where(eq(products.id, id));
    await recordAudit(tx, actor, action, `product ${id}`, { url, ...details });
    return { ok: true };
  });
}

/** Pictures a product can still take (null when the id names no product): checked before a picture is decoded. */
export async function imageSlotsLeft(db: Database, id: number): Promise<number | null> {
  const [row] = await db
    .select({ n: sql<number>`jsonb_array_length(${products.images})`.mapWith(Number) })
    .from(products)
    .where(eq(products.id, id));
  return row ? Math.max(0, PRODUCT_LIMITS.images - row.n) : null;
}

/** Adds a stored picture at the end; its alt text defaults to the title in the shop when left empty. */
export async function addProductImage(
  db: Database,
  actor: Actor,
  id: number,
  image: { url: string; alt?: string | undefined },
): Promise<ImageChange> {
  const added: ProductImage = image.alt ? { url: image.url, alt: image.alt } : { url: image.url };
  return changeImages(db, actor, id, "product.image.add", image.url, (images) =>
    images.length >= PRODUCT_LIMITS.images ? "too-many" : [...images, added],
  );
}

/** Moves a picture one place up or down (the first is the card's picture). */
export async function moveProductImage(
  db: Database,
  actor: Actor,
  id: number,
  url: string,
  direction: "up" | "down",
): Promise<ImageChange> {
  return changeImages(
    db,
    actor,
    id,
    "product.image.move",
    url,
    (images) => {
      const from = images.findIndex((image) => image.url === url);
      if (from < 0) return "no-image";
      const to = direction === "up" ? from - 1 : from + 1;
      if (to < 0 || to >= images.length) return images;
      const moved = [...images];
      [moved[from], moved[to]] = [images[to] as ProductImage, images[from] as ProductImage];
      return moved;
    },
    { direction },
  );
}

/** Sets a picture's alt text; an empty one falls back to the product's title in the shop. */
export async function setImageAlt(
  db: Database,
  actor: Actor,
  id: number,
  url: string,
  alt: string | undefined,
): Promise<ImageChange> {
  return changeImages(
    db,
    actor,
    id,
    "product.image.alt",
    url,
    (images) => {
      if (!images.some((image) => image.url === url)) return "no-image";
      return images.map((image) => (image.url === url ? (alt ? { url, alt } : { url }) : image));
    },
    { alt: alt ?? "" },
  );
}

/** Takes a picture off the product, then deletes its file if it was an upload (the seed's pictures stay). */
export async function removeProductImage(
  db: Database,
  actor: Actor,
  id: number,
  url: string,
): Promise<ImageChange> {
  const removed = await changeImages(db, actor, id, "product.image.remove", url, (images) =>
    images.some((image) => image.url === url) ? images.filter((image) => image.url !== url) : "no-image",
  );
  // After the commit: a failed transaction never leaves a product pointing at a deleted file.
  if (removed.ok) await deleteUploadedImage(url);
  return removed;
}
