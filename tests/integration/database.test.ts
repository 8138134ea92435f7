import { readdirSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREPARED, type DatabaseHandle } from "#app/db/connection.server";
import { migrations } from "#app/db/migration-list";
import { createTestDatabase, databaseTargets } from "#tests/support/db";

describe("the migration list", () => {
  it("names every file in migrations/ once, in order, so kysely-ctl and the server agree", () => {
    const files = readdirSync("migrations")
      .filter((file) => file.endsWith(".ts"))
      .map((file) => file.replace(/\.ts$/, ""))
      .sort();
    expect(Object.keys(migrations)).toEqual(files);
  });
});

describe.each(databaseTargets())("the database on %s", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(target);
  });
  afterAll(async () => handle?.close());

  it("is migrated to the latest migration", async () => {
    const rows = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(handle.db);
    expect(rows.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
  });

  it("returns numeric and bigint as numbers and dates as plain strings", async () => {
    const { rows } = await sql<{ rate: unknown; count: unknown; day: unknown; at: unknown }>`
      select 7.5::numeric(5,2) as rate, 9007199254740::bigint as count,
             date '2026-03-29' as day, timestamptz '2026-03-29 01:30:00+00' as at`.execute(
      handle.db,
    );
    expect(rows[0]).toEqual({
      rate: 7.5,
      count: 9007199254740,
      day: "2026-03-29",
      at: new Date("2026-03-29T01:30:00Z"),
    });
  });

  it("prepares a statement marked PREPARED once per connection and runs it again by name", async () => {
    const marked = (value: number) =>
      sql<{ doubled: number }>`${sql.raw(PREPARED)} select ${value}::integer * 2 as doubled`;
    await handle.db.connection().execute(async (connection) => {
      expect((await marked(21).execute(connection)).rows).toEqual([{ doubled: 42 }]);
      expect((await marked(4).execute(connection)).rows).toEqual([{ doubled: 8 }]);
      if (handle.kind !== "pg") return;
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where name like 'bt\_%'`.execute(connection);
      expect(rows.map((row) => row.statement)).toEqual([
        `${PREPARED} select $1::integer * 2 as doubled`,
      ]);
    });
  });

  it("maps snake_case columns to camelCase", async () => {
    const settings = await handle.db
      .selectFrom("settings")
      .select(["shopName", "businessTimeZone"])
      .executeTakeFirstOrThrow();
    expect(settings.businessTimeZone).toBe("Europe/Berlin");
    expect(typeof settings.shopName).toBe("string");
  });

  it("rolls a failed transaction back completely", async () => {
    const before = await handle.db
      .selectFrom("tags")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("tags")
          .values({ identifier: "tx-test", name: "Transaktionstest" })
          .execute();
        throw new Error("Abbruch");
      }),
    ).rejects.toThrow("Abbruch");
    const after = await handle.db
      .selectFrom("tags")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
