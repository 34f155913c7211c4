import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepPlanned } from "~/db/client.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";

/*
 * A query whose plan is kept (decision 0032) answers exactly as the same query run plainly, whatever its
 * parameters hold: on PGlite it runs as EXECUTE of one prepared statement with the parameters written as
 * literals (counted below through pg_prepared_statements); on PostgreSQL keepPlanned changes nothing.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

/** The same echo of its parameters, its text made distinct by `tag` (plans are kept per query text). */
const echo = (db: TestDatabase["db"], tag: string) =>
  db
    .select({
      tag: sql<string>`${sql.raw(`'${tag}'`)}::text`,
      text: sql<string | null>`${sql.placeholder("text")}::text`,
      length: sql<number | null>`length(${sql.placeholder("text")}::text)`,
      number: sql<number | null>`${sql.placeholder("number")}::integer`,
      flag: sql<boolean | null>`${sql.placeholder("flag")}::boolean`,
    })
    .from(sql`(SELECT 1) AS one`);

/** A kept echo query under this statement name, and the plain one to compare it with. */
function echoQueries(name: string) {
  const { db } = database;
  const query = echo(db, name);
  keepPlanned(db, query.toSQL().sql, name);
  return { kept: query.prepare(name), plain: echo(db, `${name}_plain`).prepare(`${name}_plain`) };
}

/** How many times PGlite ran the prepared statement (null when there is none). */
async function runsOf(name: string): Promise<number | null> {
  const [row] = await database.db
    .select({ runs: sql<number>`(generic_plans + custom_plans)::int` })
    .from(sql`pg_prepared_statements`)
    .where(sql`name = ${name}`);
  return row?.runs ?? null;
}

const onPglite = databaseKind === "PGlite";

describe(`plans kept (${databaseKind})`, () => {
  it("answers as the plain query for hostile and ordinary values, all through the one statement", async () => {
    const { kept, plain } = echoQueries("echo_kept");
    const values = [
      { text: "plain", number: 1, flag: true },
      { text: "it's'; DROP TABLE customers; --", number: -5, flag: false },
      { text: "back\\slash \\' E'\\x41' \\\\'", number: 0, flag: true },
      { text: 'ಕಾವೇರಿ 😀 "quoted" $1 $$', number: 2_147_483_647, flag: null },
      { text: null, number: null, flag: null },
    ];
    for (const value of values) {
      const [row] = await kept.execute(value);
      const [plainRow] = await plain.execute(value);
      expect({ ...row, tag: "" }).toEqual({ ...plainRow, tag: "" });
      expect(row?.text).toBe(value.text);
    }
    if (onPglite) expect(await runsOf("echo_kept")).toBe(values.length);
    const [customers] = await database.db.select({ n: sql<number>`count(*)::int` }).from(sql`customers`);
    expect(customers?.n).toBe(0);
  });

  it("a fraction for an integer is refused as when bound, not rounded", async () => {
    const { kept } = echoQueries("echo_fraction");
    await expect(kept.execute({ text: "x", number: 1.5, flag: true })).rejects.toThrow();
    if (onPglite) expect(await runsOf("echo_fraction")).toBe(null);
  });

  it("two first calls at once prepare it once, and a statement dropped is prepared again", async () => {
    const { kept } = echoQueries("echo_twice");
    const [first, second] = await Promise.all([
      kept.execute({ text: "one", number: 1, flag: true }),
      kept.execute({ text: "two", number: 2, flag: false }),
    ]);
    expect([first[0]?.text, second[0]?.text]).toEqual(["one", "two"]);
    if (!onPglite) return;
    expect(await runsOf("echo_twice")).toBe(2);
    await database.db.execute(sql`DEALLOCATE echo_twice`);
    expect((await kept.execute({ text: "three", number: 3, flag: true }))[0]?.text).toBe("three");
    expect((await kept.execute({ text: "four", number: 4, flag: true }))[0]?.text).toBe("four");
    expect(await runsOf("echo_twice")).toBe(1);
  });

  it("refuses a name that is not a plain identifier, or one kept for another query", () => {
    expect(() => keepPlanned(database.db, "SELECT 1", "x; DROP TABLE customers")).toThrow();
    if (onPglite) expect(() => keepPlanned(database.db, "SELECT 2", "echo_kept")).toThrow();
  });
});
