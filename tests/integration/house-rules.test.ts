import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { ESLint } from "eslint";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The house rules as code (issue 37, item 6; decision 089): the domain's fence is an ESLint block
 * that must refuse a bad file, and the areas' fence is a ratchet on imports of another area's
 * internals.
 */

const root = process.cwd();

describe("the domain's fence (eslint.config.js)", () => {
  const eslint = new ESLint({ cwd: root });
  const messagesFor = async (code: string, filePath = "app/domain/fence-fixture.ts") => {
    const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
    return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.line}`);
  };

  it("refuses the database, Remix, Node, the clock and the environment in app/domain", async () => {
    const bad = [
      'import { sql } from "kysely";',
      'import type { Order } from "#app/db/schema";',
      'import { PGlite } from "@electric-sql/pglite";',
      'import pg from "pg";',
      'import { json } from "@remix-run/node";',
      'import { readFileSync } from "node:fs";',
      'import { DateTime } from "luxon";',
      "export const a = [sql, PGlite, pg, json, readFileSync];",
      "export type B = Order;",
      "export const c = Date.now();",
      "export const d = new Date();",
      "export const e = DateTime.now();",
      "export const f = DateTime.local();",
      'export const g = DateTime.local({ zone: "Europe/Berlin" });',
      "export const h = process.env.TZ;",
    ].join("\n");
    const messages = await messagesFor(bad);
    expect(messages).toEqual([
      "no-restricted-imports: 1",
      "no-restricted-imports: 2",
      "no-restricted-imports: 3",
      "no-restricted-imports: 4",
      "no-restricted-imports: 5",
      "no-restricted-imports: 6",
      "no-restricted-syntax: 10",
      "no-restricted-syntax: 11",
      "no-restricted-syntax: 12",
      "no-restricted-syntax: 13",
      "no-restricted-syntax: 14",
      "no-restricted-properties: 15",
    ]);
  });

  it("lets a domain function take `now` and build dates from values", async () => {
    const good = [
      'import { DateTime } from "luxon";',
      'import { formatMoney } from "./money";',
      "export const at = (now: Date) => DateTime.fromJSDate(now).plus({ days: 1 });",
      "export const day = new Date(Date.UTC(2026, 10, 30));",
      'export const local = DateTime.local(2026, 11, 30, { zone: "Europe/Berlin" });',
      "export const price = formatMoney;",
    ].join("\n");
    expect(await messagesFor(good)).toEqual([]);
  });

  it("leaves the same code alone outside app/domain", async () => {
    const messages = await messagesFor(
      'import { sql } from "kysely";\nexport const a = [sql, Date.now()];',
      "app/features/fence-fixture.server.ts",
    );
    expect(messages).toEqual([]);
  });
});

/**
 * An area (a folder of app/features) uses another area through its public entry: `index.ts` or a
 * file named `*.public.ts(x)`. The engine (`backoffice`) and `shared` are open to all. Today's
 * imports of other areas' internals are counted and the count may only fall: lower the limit when
 * you move one behind an entry.
 */
const CROSS_AREA_IMPORT_LIMIT = 163;
const OPEN_AREAS = new Set(["shared", "backoffice"]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `catalogue`, `catalogue/index`, `catalogue/menus.public` (import paths carry no extension). */
function isPublicEntry(pathInFeatures: string): boolean {
  const segments = pathInFeatures.split("/");
  const name = segments.at(-1) ?? "";
  return segments.length === 1 || /^index(\.tsx?)?$/.test(name) || /\.public(\.tsx?)?$/.test(name);
}

function crossAreaImports(): string[] {
  const features = join(root, "app/features");
  const found: string[] = [];
  for (const file of sourceFiles(features)) {
    const area = relative(features, file).split("/")[0] ?? "";
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      let target: string;
      if (fileName.startsWith(".")) target = normalize(join(dirname(file), fileName));
      else if (fileName.startsWith("#app/")) target = join(root, "app", fileName.slice(5));
      else continue;
      const inFeatures = relative(features, target);
      if (inFeatures.startsWith("..")) continue;
      const other = inFeatures.split("/")[0] ?? "";
      if (other === area || OPEN_AREAS.has(other) || isPublicEntry(inFeatures)) continue;
      found.push(`${relative(root, file)} → ${fileName}`);
    }
  }
  return found;
}

describe("the areas' fence", () => {
  it("does not let imports of another area's internals grow", () => {
    const found = crossAreaImports();
    expect(
      found.length,
      `Neue Importe fremder Bereichs-Interna? Über index.ts oder *.public.ts gehen.\n${found.join("\n")}`,
    ).toBeLessThanOrEqual(CROSS_AREA_IMPORT_LIMIT);
  });
});
