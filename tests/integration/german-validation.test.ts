import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { deValidation, germanIssue } from "#app/i18n/de-validation";
import { de } from "#app/i18n/de-backoffice";
import type { DatabaseHandle } from "#app/db/connection.server";
import { REGISTERED_RESOURCES } from "#app/features/resources.server";
import { schemaFor } from "#app/features/backoffice/resource.server";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * Every validation message is German (issue 38, decision 091): every schema the app validates
 * with (the registry's resources, the API's and the forms' alike, and every zod schema another
 * module exports) is fed wrong types at every node, and no answer may be zod's English, a
 * technical term or empty. Two refusals of the real API name their field in German.
 */

/** zod's own English (and its technical German locale), in any message. */
const ENGLISH = /Invalid|Expected|Required|received|must be|Too (big|small)|erwartet|undefined/i;

const HUGE_TEXT = "x".repeat(100_000);
const WRONG_VALUES: readonly unknown[] = [
  undefined,
  null,
  true,
  42,
  -1,
  1.2,
  1e15,
  Number.MAX_SAFE_INTEGER * 4,
  "abc",
  "",
  HUGE_TEXT,
  {},
  { id: 999_999_999 },
  [],
  [1, "a", null],
  Array.from({ length: 1_000 }, () => "a"),
];

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === "object" && value !== null && "_zod" in value && "safeParseAsync" in value;

/** The schema and every schema inside it (fields, list rows, union options, pipes, wrappers). */
function nodesOf(root: z.ZodType): z.ZodType[] {
  const seen = new Set<z.ZodType>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 4) return;
    if (isSchema(value)) {
      if (seen.has(value)) return;
      seen.add(value);
      const def = value._zod.def as unknown as Record<string, unknown>;
      for (const [key, child] of Object.entries(def)) {
        if (key === "getter" || typeof child === "function") continue;
        visit(child, 0);
      }
      return;
    }
    if (Array.isArray(value)) value.forEach((item) => visit(item, depth + 1));
    else if (typeof value === "object" && value !== null && !(value instanceof RegExp)) {
      for (const child of Object.values(value)) visit(child, depth + 1);
    }
  };
  visit(root, 0);
  return [...seen];
}

/** An object schema's input with one field wrong and the others missing. */
function inputsFor(schema: z.ZodType): unknown[] {
  const shape = (schema._zod.def as { shape?: Record<string, unknown> }).shape;
  if (!shape || typeof shape !== "object") return [...WRONG_VALUES];
  return [
    ...WRONG_VALUES,
    ...Object.keys(shape).flatMap((key) => WRONG_VALUES.map((wrong) => ({ [key]: wrong }))),
    { unknownField: 1 },
  ];
}

/** The messages a schema and its nodes answer to the wrong inputs; one node's crash is no answer. */
async function messagesOf(root: z.ZodType): Promise<string[]> {
  const messages: string[] = [];
  for (const node of nodesOf(root)) {
    for (const input of inputsFor(node)) {
      let result: Awaited<ReturnType<z.ZodType["safeParseAsync"]>>;
      try {
        result = await node.safeParseAsync(input);
      } catch {
        // A node alone may be handed what its pipe never lets through; the whole schema is
        // checked as well, and there a throw fails the test below.
        if (node === root) throw new Error("The schema threw instead of answering");
        continue;
      }
      if (!result.success) messages.push(...collect(result.error.issues));
    }
  }
  return messages;
}

/** The messages of issues and of the issues nested in them (a union's options). */
function collect(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => [
    issue.message,
    ...("errors" in issue && Array.isArray(issue.errors)
      ? (issue.errors as z.core.$ZodIssue[][]).flatMap((option) => collect(option))
      : []),
  ]);
}

function notGerman(messages: readonly string[]): string[] {
  return [...new Set(messages.filter((message) => !message.trim() || ENGLISH.test(message)))];
}

/** Every module under app/ that imports zod, with the schemas it exports. */
function modulesWithZod(): string[] {
  const root = join(import.meta.dirname, "../../app");
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        if (/from "zod"/.test(readFileSync(path, "utf8"))) files.push(path);
      }
    }
  };
  walk(root);
  return files.sort();
}

describe("every zod schema answers in German (issue 38)", () => {
  it("the map is installed wherever zod is loaded: the builds, the servers and Vitest", () => {
    const read = (file: string) => readFileSync(join(import.meta.dirname, "../..", file), "utf8");
    expect(read("vite.config.ts")).toMatch(/find: \/\^zod\$\/,\s+replacement: [^\n]*zod-in-german/);
    expect(read("app/entry.server.tsx")).toContain('import "./zod-in-german";');
    expect(read("server.ts")).toContain('import "./app/zod-in-german";');
    expect(read("vitest.config.ts")).toContain('setupFiles: ["app/zod-in-german.ts"]');
    expect(z.config().customError).toBe(germanIssue);
    // The field registry's own word for an empty field is the map's (the shop's one wording).
    expect(deValidation.required).toBe(de.fields.required);
  });

  it.each(REGISTERED_RESOURCES.map((definition) => [definition.name, definition] as const))(
    "the resource %s, for its API and its form",
    async (_name, definition) => {
      const messages = await messagesOf(schemaFor(definition));
      expect(messages.length).toBeGreaterThan(0);
      expect(notGerman(messages)).toEqual([]);
    },
  );

  it("every schema a module under app/ exports", async () => {
    const files = modulesWithZod();
    expect(files.length).toBeGreaterThan(20);
    const failures: Record<string, string[]> = {};
    let schemas = 0;
    for (const file of files) {
      const exports = (await import(file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (!isSchema(value)) continue;
        schemas += 1;
        const wrong = notGerman(await messagesOf(value));
        if (wrong.length) failures[`${relative(process.cwd(), file)}: ${name}`] = wrong;
      }
    }
    expect(schemas).toBeGreaterThan(10);
    expect(failures).toEqual({});
  });

  it("names a cent amount that is not whole in the API's terms", () => {
    const products = REGISTERED_RESOURCES.find((definition) => definition.name === "products")!;
    const parsed = schemaFor(products).safeParse({ price: 1.2 });
    expect(parsed.success).toBe(false);
    const price = parsed.error!.issues.find((issue) => issue.path[0] === "price");
    expect(price?.message).toBe(
      "Bitte geben Sie den Betrag in Cent als ganze Zahl an (z. B. 250 für 2,50 €).",
    );
  });
});

type Body = { data?: unknown; errors?: { message: string; field?: string }[] };

describe.each(databaseTargets())("the API's refusals are German (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;
  let branchId: number;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    const branch = await handle.db
      .insertInto("branches")
      .values({ identifier: "altstadt", name: "Altstadt", position: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    branchId = branch.id;
    server = await startAppServer(handle.db);
    const user = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, user.id);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const refusal = async (path: string, json: unknown) => {
    const response = await admin.send(path, { json });
    const body = (await response.json()) as Body;
    expect(response.status).toBe(400);
    expect(notGerman((body.errors ?? []).map((error) => error.message))).toEqual([]);
    return body.errors ?? [];
  };

  it("a table whose branch is given as an object or an unknown id", async () => {
    // The spec's `branch.id` is taken (decision 097); an unknown one is named as sent.
    const asObject = await refusal("/api/tables", {
      branch: { id: 999_999_999 },
      identifier: "T1",
    });
    expect(asObject).toContainEqual({
      field: "branch",
      message: "Dieser Eintrag existiert nicht (mehr).",
    });
    const wrongShape = await refusal("/api/tables", {
      branchId: { nummer: 999_999_999 },
      name: "Tisch 1",
      identifier: "T1",
    });
    expect(wrongShape).toContainEqual({
      field: "branchId",
      message: "Bitte wählen Sie einen vorhandenen Eintrag.",
    });
    const unknown = await refusal("/api/tables", {
      branchId: 999_999_999,
      name: "Tisch 1",
      identifier: "T1",
    });
    expect(unknown).toContainEqual({
      field: "branchId",
      message: "Dieser Eintrag existiert nicht (mehr).",
    });
  });

  it("a device with a wrong branchId, and wrong types in its other fields", async () => {
    const device = {
      name: "Küchendrucker",
      identifier: "kueche",
      kind: "printer",
      connection: "escpos_tcp",
      host: "192.168.1.50",
      port: 9100,
    };
    // `{ id }` is an id in either shape (decision 097); these are none.
    for (const wrong of [{ nummer: branchId }, [branchId, branchId], true, "abc"]) {
      const errors = await refusal("/api/devices", { ...device, branchId: wrong });
      expect(errors).toContainEqual({
        field: "branchId",
        message: "Bitte wählen Sie einen vorhandenen Eintrag.",
      });
    }
    const errors = await refusal("/api/devices", {
      ...device,
      branchId,
      kind: "toaster",
      port: "neunzig",
      name: 42,
    });
    expect(errors).toContainEqual({ field: "port", message: "Bitte geben Sie eine Zahl ein." });
    expect(errors).toContainEqual({ field: "name", message: "Bitte geben Sie einen Text ein." });
    expect(errors.find((error) => error.field === "kind")?.message).toMatch(
      /^Bitte wählen Sie einen der angebotenen Werte/,
    );
  });
});
