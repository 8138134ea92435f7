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
// 165 since stop 46: the production list, webhooks, tokens and the contract, each within the limit
// alone, went over it merged (five imports of staff-auth and others); to be moved behind entries.
const CROSS_AREA_IMPORT_LIMIT = 165;
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

/**
 * One route convention (decision 081): a route module owns its loader and action; an area holds
 * services that take parsed input and build no answer. The resource engine
 * (`backoffice/resource-*.server.ts`) is the one exception. So no file under app/features is
 * named like a handler file, and none exports a function that takes Remix's loader or action
 * arguments.
 */
const HANDLER_FILE = /-(routes|api|page|pages)\.server\.tsx?$/;
const ROUTE_ARGS = /\b(LoaderFunctionArgs|ActionFunctionArgs)\b/;
const isEngine = (path: string) =>
  /^app\/features\/backoffice\/resource-[^/]*\.server\.ts$/.test(path);

/** The exported functions (declarations and `const` arrows or function expressions) and their parameters' text. */
function exportedParameters(
  code: string,
  fileName: string,
): { name: string; parameters: string }[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const found: { name: string; parameters: string }[] = [];
  const isExported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  const add = (name: string, fn: ts.SignatureDeclarationBase) =>
    found.push({
      name,
      parameters: fn.parameters
        .map((parameter) => parameter.getText(source).replace(/\s+/g, " "))
        .join(", "),
    });
  for (const statement of source.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement)) add(statement.name?.text ?? "default", statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value))) {
          add(declaration.name.getText(source), value);
        }
      }
    }
  }
  return found;
}

function routeConventionBreaches(files: { path: string; code: string }[]): string[] {
  return files.flatMap(({ path, code }) => {
    if (isEngine(path)) return [];
    const named = HANDLER_FILE.test(path) ? [`${path}: heißt wie eine Handler-Datei`] : [];
    const handlers = exportedParameters(code, path)
      .filter((fn) => ROUTE_ARGS.test(fn.parameters))
      .map((fn) => `${path}: ${fn.name}(${fn.parameters}) nimmt die Argumente einer Route`);
    return [...named, ...handlers];
  });
}

describe("the route convention (decision 081)", () => {
  it("keeps handler files and loader/action arguments out of app/features", () => {
    const files = sourceFiles(join(root, "app/features")).map((file) => ({
      path: relative(root, file),
      code: readFileSync(file, "utf8"),
    }));
    const breaches = routeConventionBreaches(files);
    expect(
      breaches,
      `Loader und Action gehören in die Route (Entscheidung 081):\n${breaches.join("\n")}`,
    ).toEqual([]);
  });

  it("names what it refuses", () => {
    const handler = [
      'import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";',
      "export async function loader({ request }: LoaderFunctionArgs) { return request.url; }",
      "export const act = async (args: ActionFunctionArgs) => args.params;",
      "export function service(db: unknown, id: number) { return [db, id]; }",
    ].join("\n");
    expect(
      routeConventionBreaches([
        { path: "app/features/catalogue/things-routes.server.ts", code: "" },
        { path: "app/features/catalogue/things-page.server.ts", code: "" },
        { path: "app/features/catalogue/things.server.ts", code: handler },
        { path: "app/features/backoffice/resource-things.server.ts", code: handler },
      ]),
    ).toEqual([
      "app/features/catalogue/things-routes.server.ts: heißt wie eine Handler-Datei",
      "app/features/catalogue/things-page.server.ts: heißt wie eine Handler-Datei",
      "app/features/catalogue/things.server.ts: loader({ request }: LoaderFunctionArgs) nimmt die Argumente einer Route",
      "app/features/catalogue/things.server.ts: act(args: ActionFunctionArgs) nimmt die Argumente einer Route",
    ]);
  });
});
