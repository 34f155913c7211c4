// @ts-check
/**
 * PGlite's Postgres sized for a small server (decision 0040), for every PGlite the shop starts: its own, a
 * restore's, and the backups' dumping child process (Node runs server/pglite-dump.mjs as it is, so this is
 * plain JavaScript). PGlite's WASM memory only grows, so what Postgres touches once stays in the process:
 * shared buffers are 16 MB, not 128 MB (the data files are read through the operating system's file cache,
 * which the machine gives back when it needs the memory), and an index build or vacuum works in 16 MB, not
 * 64 MB. Passed on the command line: PGlite's own `postgresqlconf` option would overwrite the data
 * directory's postgresql.conf.
 */
const SETTINGS = { shared_buffers: "16MB", maintenance_work_mem: "16MB", work_mem: "4MB" };

/** The settings as Postgres's command-line arguments, to follow PGlite.defaultStartParams. */
export const PGLITE_SETTING_ARGS = Object.entries(SETTINGS).flatMap(([name, value]) => [
  "-c",
  `${name}=${value}`,
]);
