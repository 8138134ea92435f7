import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  contractReason,
  migrationsAt,
  readPreviousRelease,
  ruleBreaks,
} from "#tests/support/migration-rules";

/**
 * Issue 41 part 4 (decision 114): every migration newer than the previous release
 * (ops/previous-release) expands the schema and never contracts it, unless it is marked as a
 * contract migration with its reason; released migrations are never edited.
 */
const previous = readPreviousRelease();
const current = readdirSync("migrations")
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.replace(/\.ts$/, ""))
  .sort();
const released = migrationsAt(previous.commit);

describe("the expand/contract rule", () => {
  it("knows the previous release's newest migration", () => {
    expect(current).toContain(previous.lastMigration);
    // Without the history (a shallow clone) the recorded name stands alone.
    if (released) expect(released.at(-1)).toBe(previous.lastMigration);
  });

  it("finds nothing in the migrations newer than the previous release that breaks it", () => {
    const newer = current.filter((name) => name > previous.lastMigration);
    const breaks = newer.flatMap((name) =>
      ruleBreaks(readFileSync(`migrations/${name}.ts`, "utf8")).map(
        (found) => `${name}: ${found.rule} — ${found.excerpt}`,
      ),
    );
    expect(breaks).toEqual([]);
  });

  it.runIf(released)("leaves the released migrations as they were", () => {
    const changed = execFileSync(
      "git",
      [
        "diff",
        "--name-only",
        previous.commit,
        "--",
        ...released!.map((name) => `migrations/${name}.ts`),
      ],
      { encoding: "utf8" },
    )
      .split("\n")
      .filter(Boolean);
    expect(changed).toEqual([]);
    // And none was removed or slipped in before the previous release's newest.
    expect(current.filter((name) => name <= previous.lastMigration)).toEqual(released);
  });
});

describe("the rule's reading of a migration", () => {
  const expand = `
    import { sql, type Kysely } from "kysely";
    export async function up(db: Kysely<any>): Promise<void> {
      // Never dropColumn here: the previous release reads it.
      await db.schema.createTable("pickup_notes").addColumn("id", "serial", (col) => col.primaryKey())
        .addColumn("text", "text", (col) => col.notNull()).execute();
      await db.schema.alterTable("orders").addColumn("pickup_note", "text").execute();
      await db.schema.alterTable("orders")
        .addColumn("channel", "text", (col) => col.notNull().defaultTo("web")).execute();
      await db.schema.createIndex("orders_channel_idx").on("orders").column("channel").execute();
      await sql\`create or replace function touch() returns trigger language plpgsql as $$ begin return new; end $$\`.execute(db);
    }
  `;

  it("lets additions through: new tables, nullable columns, columns with defaults, indexes", () => {
    expect(ruleBreaks(expand)).toEqual([]);
  });

  it.each([
    ["dropColumn", `await db.schema.alterTable("orders").dropColumn("phone").execute();`],
    ["dropTable", `await db.schema.dropTable("coupons").execute();`],
    [
      "renameColumn",
      `await db.schema.alterTable("orders").renameColumn("phone", "tel").execute();`,
    ],
    ["renameTo", `await db.schema.alterTable("coupons").renameTo("vouchers").execute();`],
    [
      "setDataType",
      `await db.schema.alterTable("orders").alterColumn("total", (col) => col.setDataType("numeric")).execute();`,
    ],
    [
      "setNotNull ohne setDefault",
      `await db.schema.alterTable("orders").alterColumn("email", (col) => col.setNotNull()).execute();`,
    ],
    [
      "addColumn notNull ohne defaultTo",
      `await db.schema.alterTable("orders").addColumn("channel", "text", (col) => col.notNull()).execute();`,
    ],
    [
      "Constraint auf bestehender Tabelle",
      `await db.schema.alterTable("orders").addCheckConstraint("orders_total_positive", sql\`total >= 0\`).execute();`,
    ],
    ["drop (SQL)", "await sql`alter table orders drop column phone`.execute(db);"],
    ["rename (SQL)", "await sql`alter table orders rename column phone to tel`.execute(db);"],
    [
      "alter column type (SQL)",
      "await sql`alter table orders alter column total type numeric`.execute(db);",
    ],
    [
      "set not null (SQL)",
      "await sql`alter table orders alter column email set not null`.execute(db);",
    ],
  ])("refuses %s", (rule, statement) => {
    const source = `export async function up(db: Kysely<any>) {\n  ${statement}\n}\n`;
    expect(ruleBreaks(source).map((found) => found.rule)).toContain(rule);
  });

  it("lets replacements through: a widened check, an index built again, a constraint on a new column", () => {
    const source = `
      export async function up(db: Kysely<any>) {
        await sql\`alter table print_jobs drop constraint if exists print_jobs_reason_check\`.execute(db);
        await db.schema.alterTable("print_jobs")
          .addCheckConstraint("print_jobs_reason_check", sql\`reason in ('new', 'test', 'list')\`).execute();
        await db.schema.dropIndex("audit_log_at_idx").execute();
        await sql\`create index audit_log_at_idx on audit_log (at desc, id desc)\`.execute(db);
        await db.schema.alterTable("images").addColumn("focal_x", "real", (col) => col.notNull().defaultTo(0.5)).execute();
        await sql\`alter table images add constraint images_focal_check check (focal_x between 0 and 1)\`.execute(db);
      }
      export async function down(db: Kysely<any>) {
        await db.schema.alterTable("images").dropColumn("focal_x").execute();
      }
    `;
    expect(ruleBreaks(source)).toEqual([]);
  });

  it("would have stopped a past migration that dropped columns the release before still read", () => {
    const past = readFileSync("migrations/2026_11_22_0010_staff_login.ts", "utf8");
    expect(ruleBreaks(past).map((found) => found.rule)).toEqual(["dropColumn", "dropColumn"]);
  });

  it("accepts a contract migration that gives its reason, and only with one", () => {
    const drop = `await db.schema.alterTable("orders").dropColumn("phone").execute();`;
    const marked = `export const contract = "Release 0.9 liest orders.phone nicht mehr (Entscheidung 114).";\n${drop}`;
    expect(contractReason(marked)).toMatch(/orders\.phone/);
    expect(ruleBreaks(marked)).toEqual([]);
    expect(ruleBreaks(`export const contract = "";\n${drop}`)).not.toEqual([]);
    expect(ruleBreaks(`export const contract = true;\n${drop}`)).not.toEqual([]);
  });
});
