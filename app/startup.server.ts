import { ConfigError, config } from "~/config.server";
import { getDb } from "~/db/db.server";

let started = false;

/** Validates the configuration (exiting with a clear message when it is wrong) and opens the database. */
export function startServer(): void {
  if (started) return;
  started = true;
  try {
    const settings = config();
    if (settings.defaultsInUse.length > 0) {
      console.info(`Using embedded defaults:\n${settings.defaultsInUse.map((d) => `  - ${d}`).join("\n")}`);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`The shop cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  getDb().catch((error: unknown) => {
    console.error("The shop cannot start: the database could not be opened.", error);
    process.exit(1);
  });
}
