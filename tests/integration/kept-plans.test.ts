import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepPlanned } from "~/db/client.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";

/*
 * A query whose plan is kept (decision 0032) answers exactly as the same query run plainly, whatever its
 * parameters hold: on PGlite it runs as EXECUTE with the parameters written as literals.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

const echo = (db: TestDatabase["db"]) =>
  db
    .select({
      text: sql<string | null>`${sql.placeholder("text")}::text`,
      length: sql<number | null>`length(${sql.placeholder("text")}::text)`,
      number: sql<number | null>`${sql.placeholder("number")}::integer`,
      flag: sql<boolean | null>`${sql.placeholder("flag")}::boolean`,
    })
    .from(sql`(SELECT 1) AS one`);

describe(`plans kept (${databaseKind})`, () => {
  it("answers as the plain query for hostile and ordinary values, prepared once", async () => {
    const { db } = database;
    const plain = echo(db).prepare("echo_plain");
    const query = echo(db);
    keepPlanned(db, query.toSQL().sql, "echo_kept");
    const kept = query.prepare("echo_kept");
    const values = [
      { text: "plain", number: 1, flag: true },
      { text: "it's'; DROP TABLE customers; --", number: -5, flag: false },
      { text: "back\\slash \\' E'\\x41'", number: 0, flag: true },
      { text: 'ಕಾವೇರಿ 😀 "quoted"', number: 2_147_483_647, flag: null },
      { text: null, number: null, flag: null },
    ];
    for (const value of values) {
      expect(await kept.execute(value)).toEqual(await plain.execute(value));
      expect((await kept.execute(value))[0]?.text).toBe(value.text);
    }
    if (databaseKind === "PGlite") {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`pg_prepared_statements`)
        .where(sql`name = 'echo_kept'`);
      expect(row?.n).toBe(1);
    }
    const [customers] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`customers`);
    expect(customers?.n).toBe(0);
  });

  it("refuses a name that is not a plain identifier", () => {
    expect(() => keepPlanned(database.db, "SELECT 1", "x; DROP TABLE customers")).toThrow();
  });
});
