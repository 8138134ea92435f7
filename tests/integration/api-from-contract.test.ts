import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createTestDatabase } from "#tests/support/db";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * Issue 38's "done when": a client written from `/api/openapi.json` alone. It reads nothing of
 * the code: the paths, the example bodies and the names of the product's price and tax come from
 * the document. It creates a tag, a category, a simple product (name, price and tax only), a
 * table and a printer, lists them, and provokes the errors a client can make: every answer is
 * German and names the field.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  $ref?: string;
  allOf?: Schema[];
};
type Operation = {
  requestBody?: { content: Record<string, { schema: Schema; example?: Record<string, unknown> }> };
};
type Contract = {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
type Problems = { errors: { message: string; field?: string }[] };

/** German, not the English of a library: umlauts or common German words, no English ones. */
const GERMAN = /[äöüßÄÖÜ]|\b(Bitte|bitte|nicht|ist|der|die|das|ein|eine|Sie|Unbekanntes|Feld)\b/;
const ENGLISH = /\b(expected|invalid|required|must|received|undefined|string|number)\b/i;

describe("a client written from the contract alone", () => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: TestStaff;
  let client: StaffClient;
  let contract: Contract;
  let base: string;

  beforeAll(async () => {
    handle = await createTestDatabase("pglite");
    await handle.db
      .insertInto("branches")
      .values({ identifier: "altstadt", name: "Altstadt", position: 1 })
      .execute();
    admin = await createStaff(handle.db, { roles: ["ROLE_ADMIN"] });
    server = await startAppServer(handle.db);
    client = await new StaffClient(server).signInAs(server.context, admin.id);
    const answer = await client.send("/api/openapi.json");
    expect(answer.status).toBe(200);
    contract = (await answer.json()) as Contract;
    base = contract.servers[0]?.url ?? "";
    expect(base).toBe("/api");
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const resolve = (schema: Schema | undefined): Schema => {
    if (!schema) return {};
    if (schema.$ref) {
      const name = schema.$ref.split("/").at(-1) ?? "";
      return resolve(contract.components.schemas[name]);
    }
    if (schema.allOf?.length === 1) return resolve(schema.allOf[0]);
    return schema;
  };

  /** The documented body of `POST <path>`: its schema and its example. */
  function creation(path: string) {
    const operation = contract.paths[path]?.post;
    expect(operation, `POST ${path} steht im Vertrag`).toBeDefined();
    const content = operation!.requestBody!.content["application/json"]!;
    return { schema: resolve(content.schema), example: content.example ?? {} };
  }

  async function post(path: string, body: unknown) {
    const answer = await client.send(`${base}${path}`, { json: body });
    return { status: answer.status, body: (await answer.json()) as unknown };
  }

  async function list(path: string): Promise<{ id: number; name?: string }[]> {
    expect(contract.paths[path]?.get, `GET ${path} steht im Vertrag`).toBeDefined();
    const answer = await client.send(`${base}${path}`);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { id: number; name?: string }[] }).data;
  }

  /** The product's money field (integer cents, so documented) and its tax rate, by the schema. */
  function productNames() {
    const { schema } = creation("/products");
    const properties = Object.entries(schema.properties ?? {});
    const price = properties.find(
      ([, property]) => property.type === "integer" && /Cent/.test(property.description ?? ""),
    )?.[0];
    const tax = properties.find(
      ([name]) => /^tax/i.test(name) && !/dineIn|takeaway/i.test(name),
    )?.[0];
    expect(price).toBeDefined();
    expect(tax).toBeDefined();
    return { price: price!, tax: tax! };
  }

  function expectGermanProblem(body: unknown, field: string) {
    const { errors } = body as Problems;
    expect(Array.isArray(errors)).toBe(true);
    for (const { message } of errors) {
      expect(message).toMatch(GERMAN);
      expect(message).not.toMatch(ENGLISH);
    }
    const named = errors.find((error) => error.field === field);
    expect(named, `eine Meldung nennt „${field}“: ${JSON.stringify(errors)}`).toBeDefined();
    return named!;
  }

  it("creates a tag, a category, a table and a printer from the documented examples, and lists them", async () => {
    const [branch] = await list("/branches");
    expect(branch).toBeDefined();
    const made: Record<string, { status: number; body: unknown }> = {
      "/tags": await post("/tags", { ...creation("/tags").example, name: "Vollkorn" }),
      "/categories": await post("/categories", {
        ...creation("/categories").example,
        name: "Brote",
      }),
      "/tables": await post("/tables", {
        ...creation("/tables").example,
        name: "Tisch 5",
        branchId: branch!.id,
      }),
      "/devices": await post("/devices", {
        ...creation("/devices").example,
        name: "Küchendrucker",
        branchId: branch!.id,
      }),
    };
    for (const [path, { status, body }] of Object.entries(made)) {
      expect(status, `${path}: ${JSON.stringify(body)}`).toBe(201);
    }
    expect((await list("/tags")).map((row) => row.name)).toContain("Vollkorn");
    expect((await list("/categories")).map((row) => row.name)).toContain("Brote");
    expect((await list("/tables")).map((row) => row.name)).toContain("Tisch 5");
    expect((await list("/devices")).map((row) => row.name)).toContain("Küchendrucker");
  });

  // Needs the product defaults of h3's change (issue 38): type, unit and calculation model
  // default, so that a name, a price and a tax make a simple product.
  it("creates a simple product with only a name, a price and a tax, and lists it", async () => {
    const { price, tax } = productNames();
    const created = await post("/products", { name: "Roggenbrot", [price]: 350, [tax]: 7 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const row = (created.body as { data: Record<string, unknown> }).data;
    expect(row[price]).toBe(350);
    expect((await list("/products")).map((product) => product.name)).toContain("Roggenbrot");
  });

  it("hears a German message naming the field for a missing field and a wrong type", async () => {
    const missing = await post("/tags", {});
    expect(missing.status).toBe(400);
    expectGermanProblem(missing.body, "name");
    const wrongType = await post("/tags", { ...creation("/tags").example, name: 42 });
    expect(wrongType.status).toBe(400);
    expectGermanProblem(wrongType.body, "name");
  });

  it("hears that a euro amount like 1.2 must be whole cents", async () => {
    const { price, tax } = productNames();
    const answer = await post("/products", {
      ...creation("/products").example,
      name: "Laugenbrezel",
      [price]: 1.2,
      [tax]: 7,
    });
    expect(answer.status).toBe(400);
    const problem = expectGermanProblem(answer.body, price);
    expect(problem.message).toMatch(/Cent/);
    expect(problem.message).toMatch(/ganze Zahl/);
  });

  // Needs h3's change (issue 38): unknown keys are refused with 400 instead of dropped.
  it("hears a German message naming an unknown key", async () => {
    const { example } = creation("/tags");
    const answer = await post("/tags", {
      ...example,
      name: "Saisonal",
      // A fresh identifier where the example names one, so that only the unknown key is wrong.
      ...("identifier" in example ? { identifier: "saisonal" } : {}),
      farbe: "rot",
    });
    expect(answer.status).toBe(400);
    expectGermanProblem(answer.body, "farbe");
  });
});
