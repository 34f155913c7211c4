import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The production image copies only what the server needs at run time (Dockerfile). The server's own modules
 * import a few files from app/lib directly, outside the build: every one it reaches must be copied, or the
 * image fails at start with ERR_MODULE_NOT_FOUND.
 */

const root = path.resolve(import.meta.dirname, "..");

/** What the run stage copies from the build stage, as paths relative to /app (a trailing `*.mjs` kept). */
function copiedIntoImage(): string[] {
  const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
  const runStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  return [...runStage.matchAll(/^COPY --from=build \/app\/(\S+) \S+$/gm)].map((match) => match[1] ?? "");
}

function isCopied(file: string, copied: string[]): boolean {
  return copied.some((source) => {
    if (source.includes("*")) {
      const [directory, pattern] = [path.posix.dirname(source), path.posix.basename(source)];
      const ending = pattern.replace(/^\*/, "");
      return path.posix.dirname(file) === directory && file.endsWith(ending);
    }
    return file === source || file.startsWith(`${source}/`);
  });
}

/** The files server.mjs reaches through relative imports, static or dynamic, relative to the repository. */
function serverModules(): string[] {
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    if (file.startsWith("build/")) return;
    const text = readFileSync(path.join(root, file), "utf8");
    const imports = text.matchAll(/(?:from\s+|import\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g);
    for (const [, target] of imports) {
      visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), target ?? "")));
    }
  };
  visit("server.mjs");
  return [...reached];
}

describe("the production image", () => {
  it("copies every file the server imports outside the build", () => {
    const copied = copiedIntoImage();
    const modules = serverModules();
    expect(modules).toEqual(
      expect.arrayContaining(["server.mjs", "server/guards.mjs", "app/lib/request-limits.mjs"]),
    );
    expect(modules.filter((file) => !isCopied(file, copied))).toEqual([]);
  });

  it("starts node with the flags npm run start:server gives it (the heap's size, decision 0040)", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? "[]") as string[];
    const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts;
    expect(command.join(" ")).toBe(scripts["start:server"]);
    expect(command).toContain("--max-old-space-size=256");
  });

  it("copies the database migrations the server runs at start", () => {
    expect(isCopied("app/db/migrations/0000_initial.sql", copiedIntoImage())).toBe(true);
    expect(existsSync(path.join(root, "app/db/migrations/0000_initial.sql"))).toBe(true);
  });
});
