import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { allResources } from "#app/features/resources.server";
import { toApiName } from "#app/features/backoffice/api-names";
import { rowKeysOf } from "#app/features/backoffice/row-keys";
import { createTestDatabase, databaseTargets } from "#tests/support/db";
import { createStaff, startAppServer, StaffClient, type AppServer } from "#tests/support/staff";

/**
 * The standard resources' child rows refuse keys they do not know (issue 38, decision 115): a
 * product's parts and their options, units, bundle items and schedule, a branch's hours and
 * delivery areas, a category's schedule, a menu's catalogue, a navigation's entries, a template's
 * layers, a stream's entries. Every record of the demo shop that has rows goes back unchanged as
 * it was read; the same record with one foreign key put into a row, at every depth the record
 * has, is refused with a 400 naming that key by its path, and the record is not changed.
 */
type Problem = { message: string; field?: string };
type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at a dotted path of the API's answer (`config.parts`). */
function at(record: Json, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), record);
}

/**
 * Every place in a value where a row object sits: `[]` for the value itself when it is one
 * object, `[0]` for a list's first row, then the same inside each of that row's own lists.
 */
function rowPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const first = Array.isArray(value) ? value[0] : value;
  if (!isRecord(first)) return [];
  const here = Array.isArray(value) ? [...prefix, 0] : prefix;
  const found = [here];
  for (const [key, inner] of Object.entries(first)) {
    if (Array.isArray(inner) || isRecord(inner)) found.push(...rowPaths(inner, [...here, key]));
  }
  return found;
}

/** A deep copy of `value` with `gibtEsNicht: 1` in the row at `path`. */
function withForeignKey(value: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(value) as unknown;
  let row: unknown = copy;
  for (const step of path) row = (row as Record<string | number, unknown>)[step];
  (row as Json).gibtEsNicht = 1;
  return copy;
}

/** A copy of `record` with `value` at the dotted path (`config.parts`), the rest as it was. */
function replaced(record: Json, path: string, value: unknown): Json {
  const [head, ...rest] = path.split(".");
  const inner = isRecord(record[head!]) ? (record[head!] as Json) : {};
  return { ...record, [head!]: rest.length ? replaced(inner, rest.join("."), value) : value };
}

describe.each(databaseTargets())("the API's child rows (%s)", (target) => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: StaffClient;

  beforeAll(async () => {
    handle = await createTestDatabase(target);
    await seedDemoData(handle.db, { now: new Date() });
    server = await startAppServer(handle.db);
    const person = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    admin = await new StaffClient(server).signInAs(server.context, person.id);
    // What the demo shop has no rows of: a picture template and a stream, made through the API.
    const create = async (path: string, json: Json) => {
      const response = await admin.send(path, { json });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { data: { id: number } }).data.id;
    };
    const text = { type: "text", text: "Brezel", fontFamily: "Lato", fontVariant: "400" };
    await create("/api/image-templates", {
      name: "Schild",
      identifier: "schild",
      width: 200,
      height: 100,
      layers: [{ ...text, size: 20, color: "#000000" }],
    });
    const segment = await create("/api/digital-signage-segments", {
      name: "Willkommen",
      kind: "text",
      body: "Willkommen!",
      durationSeconds: 5,
    });
    await create("/api/digital-signage-streams", {
      name: "Morgens",
      segmentIds: [segment],
      transition: "fade",
      schedule: "",
      entries: [{ segmentId: segment, position: 1, durationSeconds: 8 }],
    });
  }, 120_000);

  it("refuses a foreign key in a row of a new record, naming it, and creates nothing", async () => {
    const before = await handle.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    const response = await admin.send("/api/products", {
      json: {
        name: "Torte",
        price: 3000,
        tax: 7,
        takeawayTax: 7,
        dineInTax: 7,
        config: {
          parts: [
            {
              name: "Aufschrift",
              type: "select",
              options: [{ name: "Ja", modifier: "add", value: 100, preis: 2 }],
              maxZeichen: 20,
            },
          ],
        },
      },
    });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: Problem[] };
    expect(errors[0]?.message).toBe("Produkt konnte nicht erstellt werden.");
    expect(errors.slice(1)).toEqual([
      {
        message: "Unbekanntes Feld „config.parts.0.maxZeichen“.",
        field: "config.parts.0.maxZeichen",
      },
      {
        message: "Unbekanntes Feld „config.parts.0.options.0.preis“.",
        field: "config.parts.0.options.0.preis",
      },
    ]);
    const after = await handle.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const lists = allResources().flatMap((definition) =>
    Object.entries(definition.extraSchema ?? {})
      .filter(([, schema]) => rowKeysOf(schema) !== null)
      .map(([key]) => ({ definition, key, apiKey: toApiName(definition, key) })),
  );

  it("covers every resource list with rows", () => {
    expect(lists.map(({ definition, key }) => `${definition.name}.${key}`).sort()).toEqual([
      "branches.deliveryAreas",
      "branches.deliveryHours",
      "branches.openingHours",
      "categories.schedule",
      "digital-signage-streams.entries",
      "image-templates.layers",
      "menus.catalog",
      "navigations.items",
      "products.alternativeUnits",
      "products.bundleItems",
      "products.parts",
      "products.schedule",
    ]);
  });

  it.each(lists.map((list) => [`${list.definition.name} ${list.apiKey}`, list] as const))(
    "%s: a record goes back as read; a foreign key in any row is named and changes nothing",
    async (_name, { definition, apiKey }) => {
      const listed = await admin.send(`/api/${definition.name}?pageSize=100`);
      expect(listed.status).toBe(200);
      const ids = ((await listed.json()) as { data: Json[] }).data.map((row) => Number(row.id));
      let record: Json | undefined;
      for (const id of ids) {
        const read = (await (await admin.send(`/api/${definition.name}/${id}`)).json()) as {
          data: Json;
        };
        const rows = at(read.data, apiKey);
        if ((Array.isArray(rows) && rows.length > 0) || isRecord(rows)) {
          record = read.data;
          break;
        }
      }
      expect(record, `${definition.name}: a demo record with ${apiKey}`).toBeDefined();
      const id = Number(record!.id);
      const back = await admin.send(`/api/${definition.name}/${id}`, {
        method: "PUT",
        json: record!,
      });
      expect(back.status, await back.clone().text()).toBe(200);
      const stored = ((await back.json()) as { data: Json }).data;

      const rows = at(stored, apiKey);
      const paths = rowPaths(rows);
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const body = replaced(stored, apiKey, withForeignKey(rows, path));
        const refused = await admin.send(`/api/${definition.name}/${id}`, {
          method: "PUT",
          json: body,
        });
        const field = [apiKey, ...path, "gibtEsNicht"].join(".");
        expect(refused.status, field).toBe(400);
        const { errors } = (await refused.json()) as { errors: Problem[] };
        expect(errors.slice(1), field).toEqual([
          { message: `Unbekanntes Feld „${field}“.`, field },
        ]);
      }
      const after = (
        (await (await admin.send(`/api/${definition.name}/${id}`)).json()) as {
          data: Json;
        }
      ).data;
      expect(after).toEqual(stored);
    },
  );
});
