import { parseArgs } from "node:util";
import { growCatalogue, MAX_PRODUCTS, seedCatalogue } from "../app/db/seed.server";
import { openDatabaseFromConfig } from "./lib/database";

const { values } = parseArgs({ options: { products: { type: "string" } } });
const target = values.products === undefined ? undefined : Number(values.products);
if (target !== undefined && (!Number.isInteger(target) || target < 1 || target > MAX_PRODUCTS)) {
  console.error(`--products must be a whole number from 1 to ${MAX_PRODUCTS}, got "${values.products}".`);
  process.exit(1);
}

function progressBar(done: number, total: number): void {
  const width = 30;
  const ratio = total === 0 ? 1 : done / total;
  const filled = Math.round(ratio * width);
  const line = `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${Math.round(ratio * 100)}% ${done}/${total} products`;
  process.stdout.write(process.stdout.isTTY ? `\r${line}` : `${line}\n`);
}

const handle = await openDatabaseFromConfig();
try {
  const seeded = await seedCatalogue(handle.db);
  console.info(
    seeded.products > 0
      ? `Seeded the catalogue: ${seeded.products} products, ${seeded.blogs} blogs.`
      : "The catalogue was already seeded.",
  );
  if (target !== undefined) {
    const added = await growCatalogue(handle.db, target, progressBar);
    if (process.stdout.isTTY) process.stdout.write("\n");
    console.info(`Generated ${added} products; the catalogue now holds at least ${target}.`);
  }
} finally {
  await handle.close();
}
