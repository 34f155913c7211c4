import { openDatabaseFromConfig } from "./lib/database";

const handle = await openDatabaseFromConfig();
console.info(`Migrations applied (${handle.kind}).`);
await handle.close();
