import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
// Tests telling a picture's type by its first bytes, an internal of images, on purpose.
import { sniffImageType } from "~/features/images/images.server";
import { deleteUploadedImage, IMAGE_MAX_SIDE, storeUploadedImage } from "~/features/images/index.server";
import type { Config } from "~/lib/config.server";

/*
 * The uploaded-pictures module on real files: real sharp on generated JPEG, PNG and WebP pictures, a text file
 * named .png, an over-size file, a PNG signature in front of something else, a picture that claims too many
 * pixels, EXIF (GPS position, orientation) stripped and applied, and deleting only what was uploaded.
 */

const uploadsDir = mkdtempSync(path.join(tmpdir(), "uploaded-images-"));

vi.mock("~/lib/config.server", () => ({
  config: () => ({ uploadsDir }) as Config,
}));

afterAll(() => {
  rmSync(uploadsDir, { recursive: true, force: true });
});

const fileOf = (url: string) => path.join(uploadsDir, url.replace(/^\/uploads\//, ""));

async function stored(bytes: Buffer, folder: "products" | "blogs" = "products") {
  const result = await storeUploadedImage(new Uint8Array(bytes), folder);
  if (!result.ok) throw new Error(`refused: ${result.problem}`);
  return { url: result.url, file: fileOf(result.url), meta: await sharp(fileOf(result.url)).metadata() };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2a6f97" } });

/** A JPEG as a phone writes one: EXIF with the camera, the GPS position, and an orientation of 6 (turn 90°). */
async function phoneJpeg(): Promise<Buffer> {
  return solid(400, 200)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Pocket 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "12/1 58/1 1234/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "77/1 35/1 4321/100",
      },
    })
    .toBuffer();
}

/** The CRC-32 a PNG chunk carries. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims `width` × `height` pixels, with one row of pixel data. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("uploaded pictures", () => {
  it("tells JPEG, PNG and WebP by their first bytes, and nothing else", async () => {
    expect(sniffImageType(await solid(4, 4).jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await solid(4, 4).png().toBuffer())).toBe("png");
    expect(sniffImageType(await solid(4, 4).webp().toBuffer())).toBe("webp");
    expect(sniffImageType(await solid(4, 4).gif().toBuffer())).toBeUndefined();
    expect(sniffImageType(Buffer.from("<?php echo 'hi'; ?>"))).toBeUndefined();
    expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
    expect(sniffImageType(new Uint8Array(0))).toBeUndefined();
  });

  it("stores a PNG as WebP under a random name in the folder, served at /uploads", async () => {
    const png = await solid(300, 200).png().toBuffer();
    const first = await stored(png);
    const second = await stored(png);
    expect(first.url).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.webp$/);
    expect(second.url).not.toBe(first.url);
    expect(first.meta).toMatchObject({ format: "webp", width: 300, height: 200 });
    expect(statSync(first.file).mode & 0o777).toBe(0o644);
    const blog = await stored(png, "blogs");
    expect(blog.url).toMatch(/^\/uploads\/blogs\/[0-9a-f]{32}\.webp$/);
  });

  it("turns a phone's JPEG upright by its orientation and strips its EXIF (GPS position included)", async () => {
    const jpeg = await phoneJpeg();
    const original = await sharp(jpeg).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);
    const { meta, file } = await stored(jpeg);
    expect(meta).toMatchObject({ format: "webp", width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    const bytes = readFileSync(file);
    for (const trace of ["PhoneMaker", "Pocket 12", "GPS", "Exif"]) expect(bytes.includes(trace)).toBe(false);
  });

  it("fits a large picture within 1600 × 1600, keeping its proportions; small ones are not enlarged", async () => {
    const wide = await stored(await solid(4000, 1000).jpeg().toBuffer());
    expect(wide.meta).toMatchObject({ width: IMAGE_MAX_SIDE, height: 400 });
    const tall = await stored(await solid(900, 3600).webp().toBuffer());
    expect(tall.meta).toMatchObject({ width: 400, height: IMAGE_MAX_SIDE });
    const small = await stored(await solid(120, 90).jpeg().toBuffer());
    expect(small.meta).toMatchObject({ width: 120, height: 90 });
  });

  it("refuses a text file named .png, a PHP page and an SVG, whatever they are called", async () => {
    const textFile = path.join(uploadsDir, "notes.png");
    writeFileSync(textFile, "These are my notes, not a picture.\n");
    expect(await storeUploadedImage(new Uint8Array(readFileSync(textFile)), "products")).toEqual({
      ok: false,
      problem: "type",
    });
    for (const text of ["<?php system($_GET['c']); ?>", "<html><script>alert(1)</script></html>", "<svg/>"]) {
      expect(await storeUploadedImage(new Uint8Array(Buffer.from(text)), "products")).toEqual({
        ok: false,
        problem: "type",
      });
    }
  });

  it("refuses a PNG signature in front of another kind of file, and a broken picture", async () => {
    const png = await solid(50, 50).png().toBuffer();
    const gif = await solid(50, 50).gif().toBuffer();
    const disguised = Buffer.concat([png.subarray(0, 8), Buffer.from("<?php echo 1; ?>".repeat(20))]);
    expect((await storeUploadedImage(new Uint8Array(disguised), "products")).ok).toBe(false);
    const jpegHeaderOnGif = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), gif]);
    expect((await storeUploadedImage(new Uint8Array(jpegHeaderOnGif), "products")).ok).toBe(false);
    const truncated = (await solid(600, 600).png().toBuffer()).subarray(0, 200);
    expect(await storeUploadedImage(new Uint8Array(truncated), "products")).toEqual({
      ok: false,
      problem: "unreadable",
    });
  });

  it("refuses a file over 5 MB before decoding it", async () => {
    const png = await solid(10, 10).png().toBuffer();
    const oversize = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
    expect(await storeUploadedImage(new Uint8Array(oversize), "products")).toEqual({
      ok: false,
      problem: "too-large",
    });
  });

  it("refuses a small file that claims more pixels than any real photo (a decompression bomb)", async () => {
    // 60 000 × 60 000 pixels claimed in a few hundred bytes: refused from its header, never decoded.
    const bomb = pngClaiming(60_000, 60_000);
    expect(bomb.length).toBeLessThan(1000);
    expect(await storeUploadedImage(new Uint8Array(bomb), "products")).toEqual({
      ok: false,
      problem: "too-many-pixels",
    });
  });

  it("leaves no file behind for a refused picture", async () => {
    const before = readdirSync(path.join(uploadsDir, "products")).length;
    await storeUploadedImage(new Uint8Array(Buffer.from("not a picture")), "products");
    await storeUploadedImage(
      new Uint8Array((await solid(60, 60).png().toBuffer()).subarray(0, 100)),
      "products",
    );
    expect(readdirSync(path.join(uploadsDir, "products"))).toHaveLength(before);
  });

  it("deletes stored pictures only: never another path, never twice", async () => {
    const { url, file } = await stored(await solid(20, 20).png().toBuffer());
    expect(await deleteUploadedImage(url)).toBe(true);
    expect(existsSync(file)).toBe(false);
    expect(await deleteUploadedImage(url)).toBe(false);
    const secret = path.join(uploadsDir, "secret.txt");
    writeFileSync(secret, "keep me");
    for (const other of [
      "/images/products/fallback.svg",
      "/uploads/../secret.txt",
      "/uploads/products/../../secret.txt",
      "/uploads/products/not-ours.webp",
      "/uploads/other/0123456789abcdef0123456789abcdef.webp",
    ]) {
      expect(await deleteUploadedImage(other), other).toBe(false);
    }
    expect(existsSync(secret)).toBe(true);
  });
});
