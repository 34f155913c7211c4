// @ts-check
/**
 * Where the back office's uploaded pictures live, and the address the shop serves them at. One home for
 * server.mjs (which serves them; Node runs it as it is) and the app's configuration (which stores them).
 * Why: docs/decisions/0019-uploaded-images.md.
 */
import path from "node:path";

/** The shop serves the uploads directory at this path: /uploads/products/<name>.webp. */
export const UPLOADS_PATH = "/uploads";

/**
 * UPLOADS_DIR when set, else `uploads` in the data directory (DATA_DIR, default ./data), as an absolute path.
 * @param {{ dataDir?: string | undefined; uploadsDir?: string | undefined }} settings
 */
export function uploadsDirectory({ dataDir, uploadsDir }) {
  return path.resolve(uploadsDir?.trim() || path.join(dataDir?.trim() || "./data", "uploads"));
}
