// Pictures uploaded in the back office: checked by their bytes, re-encoded and stored under UPLOADS_DIR with a
// random name, served by the shop at /uploads (server.mjs). Products use it; blogs can too. Why re-encode and
// resize, and where the files live: docs/decisions/0019-uploaded-images.md.
import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { productAdminMessages } from "~/features/catalogue";
import { config } from "~/lib/config.server";
import { sniffFileType } from "~/lib/file-types";
import { requestLimits } from "~/lib/request-limits.mjs";
import { UPLOADS_PATH } from "~/lib/uploads.mjs";
import { createWorkGate } from "~/lib/work-gate.server";

/** The folders of the uploads directory, one per kind of owner. */
export type ImageFolder = "products" | "blogs";

/** Stored pictures fit within this many pixels a side: sharp on a phone, light on slow mobile data. */
export const IMAGE_MAX_SIDE = 1600;

/**
 * A picture may have at most this many pixels before it is decoded (a 50 MP phone photo is the largest real
 * one); a small file that claims more (a "decompression bomb") is refused without decoding it.
 */
export const IMAGE_MAX_MEGAPIXELS = 50;

export type ImageType = "jpeg" | "png" | "webp";

export type StoredImage =
  | { ok: true; url: string }
  | { ok: false; problem: "too-large" | "type" | "unreadable" | "too-many-pixels" };

/** The picture's type told by its first bytes (never by its name or the Content-Type the browser sent). */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const type = sniffFileType(bytes);
  return type === "pdf" ? undefined : type;
}

/** One picture decoded at a time in each process (a large one takes a core and up to ~150 MB for a moment). */
const decoding = createWorkGate({ concurrency: 1, maxQueued: 8, retryAfterSeconds: 5 });

/**
 * Stores an uploaded picture: a JPEG, PNG or WebP of at most 5 MB, turned upright by its EXIF orientation,
 * stripped of its metadata (phones write the GPS position there), fitted within 1600 × 1600 and re-encoded as
 * WebP under a random name in `folder`. Returns the address the shop serves it at, or why it was refused.
 * Throws ServiceBusyError (answered 503) when too many pictures are waiting.
 */
export async function storeUploadedImage(bytes: Uint8Array, folder: ImageFolder): Promise<StoredImage> {
  if (bytes.byteLength > requestLimits.imageBytes) return { ok: false, problem: "too-large" };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, problem: "type" };
  const encoded = await decoding.run(() => reencode(bytes, type));
  if (!encoded.ok) return encoded;
  const name = `${randomBytes(16).toString("hex")}.webp`;
  const directory = path.join(config().uploadsDir, folder);
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, name), encoded.webp, { flag: "wx", mode: 0o644 });
  return { ok: true, url: `${UPLOADS_PATH}/${folder}/${name}` };
}

async function reencode(
  bytes: Uint8Array,
  type: ImageType,
): Promise<{ ok: true; webp: Buffer } | Extract<StoredImage, { ok: false }>> {
  try {
    const image = sharp(bytes, {
      limitInputPixels: IMAGE_MAX_MEGAPIXELS * 1_000_000,
      failOn: "error",
      animated: false,
    });
    const { format } = await image.metadata();
    // The bytes must be what they start as: a PNG signature in front of something else is refused.
    if (format !== type) return { ok: false, problem: "type" };
    const webp = await image
      .autoOrient()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, webp };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) return { ok: false, problem: "too-many-pixels" };
    return { ok: false, problem: "unreadable" };
  }
}

/** Only the names storeUploadedImage gives: nothing else under the uploads directory is ever deleted. */
const STORED_NAME = new RegExp(`^${UPLOADS_PATH}/(products|blogs)/([0-9a-f]{32}\\.webp)$`);

/**
 * Deletes a stored picture that is no longer used. Addresses that are not uploads (the seed's pictures in
 * public/) are left alone; a file already gone is fine. Returns whether a file was deleted.
 */
export async function deleteUploadedImage(url: string): Promise<boolean> {
  const match = STORED_NAME.exec(url);
  if (!match?.[1] || !match[2]) return false;
  try {
    await unlink(path.join(config().uploadsDir, match[1], match[2]));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** What the back office answers when a picture is refused: the message and the status, one per problem. */
export const imageProblemReplies: Record<
  Exclude<StoredImage, { ok: true }>["problem"],
  { message: string; status: number }
> = {
  "too-large": { message: productAdminMessages.imageTooLarge, status: 413 },
  type: { message: productAdminMessages.imageType, status: 415 },
  unreadable: { message: productAdminMessages.imageUnreadable, status: 400 },
  "too-many-pixels": { message: productAdminMessages.imageTooManyPixels(IMAGE_MAX_MEGAPIXELS), status: 400 },
};
