import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The fence (docs/decisions/0010): the shop reaches the PhonePe simulator over HTTP only. Nothing in app/
 * imports from app/simulators except the simulator itself and its two routes.
 */

const app = path.resolve(import.meta.dirname, "../..");
const allowed = [
  /^simulators\//,
  /^routes\/phonepe-simulator\.\$\.ts$/,
  /^routes\/phonepe-simulator\.pay\.\$orderId\.tsx$/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("the PhonePe simulator's fence", () => {
  it("is imported only by its own routes", () => {
    const offenders = sources(app)
      .map((file) => path.relative(app, file).split(path.sep).join("/"))
      .filter((file) => !allowed.some((pattern) => pattern.test(file)))
      .filter((file) =>
        /from\s+["'](~\/|(\.\.\/)+)simulators\//.test(readFileSync(path.join(app, file), "utf8")),
      );
    expect(offenders).toEqual([]);
  });
});
