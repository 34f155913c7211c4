import { BackupRefused } from "../../app/features/backups/index.server";
import { type Config, ConfigError, installationPaths, loadConfig } from "../../app/lib/config.server";
import { parseEnv } from "../../app/lib/config-schema";

/** The settings, or exit at once naming what is wrong with them. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exit(error.message);
    throw error;
  }
}

/** Where the installation's files go, read without creating any (a restore must find its place empty). */
export function pathsOrExit() {
  const parsed = parseEnv(process.env);
  if (!parsed.ok) exit(`Invalid configuration:\n${parsed.problems.map((p) => `  - ${p}`).join("\n")}`);
  return { ...installationPaths(parsed.env), databaseUrl: parsed.env.DATABASE_URL };
}

/** Runs a command's body; a refusal is printed as it is (no stack) and exits 1. */
export async function runCommand(body: () => Promise<void>): Promise<void> {
  try {
    await body();
    process.exit(0);
  } catch (error) {
    if (error instanceof BackupRefused) exit(error.message);
    throw error;
  }
}

function exit(message: string): never {
  console.error(message);
  process.exit(1);
}
