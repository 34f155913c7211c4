/*
 * A file's type told by its first bytes, never by its name or the Content-Type the browser sent: uploaded
 * pictures (the back office) and a rental booking's documents are checked this way.
 */

export type SniffedType = "jpeg" | "png" | "webp" | "pdf";

export function sniffFileType(bytes: Uint8Array): SniffedType | undefined {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  // "%PDF-"
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  return undefined;
}
