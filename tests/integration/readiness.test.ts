import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { describeError, isDatabaseUnavailable } from "~/lib/errors.server";
import { loader } from "~/routes/readyz";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite" });
});

afterAll(async () => {
  await database.close();
});

afterEach(() => {
  // getDb() answers with whatever handle this test put in its place.
  globalThis.__storefrontDb = undefined;
});

describe("GET /readyz", () => {
  it("answers 200 ready when the database answers", async () => {
    globalThis.__storefrontDb = Promise.resolve(database);
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ready");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 503 with Retry-After when the database is closed", async () => {
    const closed = await openDatabase({ kind: "pglite" });
    await closed.close();
    globalThis.__storefrontDb = Promise.resolve(closed);
    const response = await loader();
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("database unavailable");
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers 503 within its time limit when the database never answers", async () => {
    globalThis.__storefrontDb = new Promise(() => undefined);
    const started = Date.now();
    const response = await loader();
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe("a PostgreSQL server that does not answer", () => {
  const sockets = new Set<net.Socket>();
  // Accepts connections and never says a word: a hung server or a black-holed network.
  const silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("gives an outage error, without the password, in bounded time", async () => {
    const { port } = silent.address() as net.AddressInfo;
    const started = Date.now();
    const error = await openDatabase({
      kind: "postgres",
      url: `postgres://shop:hunter2secret@127.0.0.1:${port}/shop`,
    }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(describeError(error)).not.toContain("hunter2secret");
  });

  it("gives an outage error at once when nothing listens", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const error = await openDatabase({
      kind: "postgres",
      url: `postgres://shop@127.0.0.1:${closedPort}/shop`,
    }).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(describeError(error)).toContain("ECONNREFUSED");
  });
});
