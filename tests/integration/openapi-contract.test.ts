import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/connection.server";
import { createBranchApiKey } from "#app/features/devices/branch-api-keys.server";
import { STAFF_SESSION_COOKIE } from "#app/features/staff/staff-session.server";
import { appRoutes, routeModule } from "#tests/support/app-build";
import { createTestDatabase } from "#tests/support/db";
import { insertTestOrder } from "#tests/support/orders";
import {
  createStaff,
  startAppServer,
  StaffClient,
  type AppServer,
  type TestStaff,
} from "#tests/support/staff";

/**
 * The published contract and the routes agree (issue 38, decision 101): every `/api` route of
 * `app/routes.ts` is in `/api/openapi.json`, every documented path and method answers an
 * administrator (neither 404 nor 405), every example body fits its operation's schema and is
 * accepted by the route, and the document is valid OpenAPI 3.1.
 */

/**
 * Routes under `api/` that are no part of the JSON contract: the polling receipt printers speak
 * their makers' protocols (Star CloudPRNT, Epson Server Direct Print), the payment providers
 * their own notification formats, and `api/*` is the JSON 404 for every other address.
 */
const NOT_IN_CONTRACT = new Set([
  "api/cloudprnt/:deviceToken",
  "api/epson-sdp/:deviceToken",
  "api/payments/:provider/webhook",
  "api/*",
]);

/** The methods that carry a JSON body wherever they are documented (DELETE only when it says so). */
const WRITES_WITH_BODY: readonly string[] = ["post", "put", "patch"];

/**
 * Writes that take no JSON object, each with its reason: the unknown-key walk passes them over.
 * Every other POST and PUT of the contract must answer `{ "gibtEsNicht": 1 }` with 400 naming it.
 */
const TAKES_NO_JSON: Readonly<Record<string, string>> = {
  "POST /images": "Ein Bild kommt als multipart-Formular mit der Datei.",
  "POST /uploads": "Dateien kommen als multipart-Formular.",
  "PUT /uploads/{id}": "Eine Datei kommt als multipart-Formular.",
  "POST /products/import": "Der Körper ist eine CSV-Datei (text/csv), kein JSON.",
  "POST /products/{id}/copy": "Kopiert das Produkt; nimmt keinen Körper.",
  "POST /devices/{id}/test/print": "Ein Testdruck; nimmt keinen Körper.",
  "POST /devices/{id}/test/notification": "Eine Testbenachrichtigung; nimmt keinen Körper.",
  "POST /devices/{id}/request-device-logs": "Fordert das Protokoll an; nimmt keinen Körper.",
  "POST /webhooks/deliveries/{deliveryId}/resend": "Stellt die Zustellung neu an; kein Körper.",
  "POST /users/{userId}/logout-everywhere": "Beendet die Sitzungen; nimmt keinen Körper.",
};

/**
 * Writes whose keys depend on a path parameter: the example's value takes fewer keys than the
 * contract names for all values (`message` only for `reject`), so only the example is sent.
 */
const KEYS_BY_PATH_VALUE = new Set(["POST /orders/{orderId}/status/{status}"]);

/** The cookie banner's 'Akzeptieren': without it `/api/analytics-log` reads nothing (204). */
const CONSENT = "cookie-consent=1";

type Method = "get" | "post" | "put" | "delete";
const METHODS: readonly Method[] = ["get", "post", "put", "delete"];

interface Documented {
  path: string;
  method: Method;
  operation: {
    parameters?: { name: string; in: string; example?: unknown; schema?: { enum?: unknown[] } }[];
    requestBody?: {
      content: Record<string, { example?: Record<string, unknown>; schema?: BodySchema }>;
    };
    security?: unknown[];
  };
  pathParameters: { name: string; example?: unknown; schema?: { enum?: unknown[] } }[];
}

type BodySchema = {
  $ref?: string;
  allOf?: BodySchema[];
  properties?: Record<string, unknown>;
};

type Document = {
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, unknown>;
};

const toContractPath = (fullPath: string) => `/${fullPath.slice(4)}`.replace(/:(\w+)/g, "{$1}");

function operationsOf(document: Document): Documented[] {
  return Object.entries(document.paths).flatMap(([path, item]) => {
    const shared = (item.parameters ?? []) as Documented["pathParameters"];
    return METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method] as Documented["operation"];
      const own = (operation.parameters ?? []).filter((parameter) => parameter.in === "path");
      return { path, method, operation, pathParameters: [...shared, ...own] };
    });
  });
}

const exampleOf = (operation: Documented["operation"]) =>
  operation.requestBody?.content["application/json"]?.example;

// The walks send some 200 calls one after the other: on a busy two-core machine (CI runs the
// end-to-end tests beside this) more than Vitest's default 30 s.
describe("the published contract (/api/openapi.json)", { timeout: 180_000 }, () => {
  let handle: DatabaseHandle;
  let server: AppServer;
  let admin: TestStaff;
  let client: StaffClient;
  let document: Document;
  /** Path parameter values by name, and record ids by the path's first segment. */
  const samples: Record<string, string | number> = {};
  const records: Record<string, number> = {};

  beforeAll(async () => {
    handle = await createTestDatabase("pglite");
    const db = handle.db;
    const branch = await db
      .insertInto("branches")
      .values({ identifier: "altstadt", name: "Altstadt", position: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const order = await insertTestOrder(db);
    admin = await createStaff(db, { roles: ["ROLE_ADMIN"] });
    const employee = await createStaff(db, { roles: ["ROLE_EMPLOYEE"], branchIds: [branch.id] });
    const counterKey = await createBranchApiKey(db, {
      branchId: branch.id,
      label: "Theke",
      createdBy: null,
    });
    const clockKey = await createBranchApiKey(db, {
      branchId: branch.id,
      label: "Stempeluhr",
      createdBy: null,
      purpose: "time_clock",
    });
    const upload = await db
      .insertInto("uploads")
      .values({
        extension: "txt",
        publicHash: "a".repeat(32),
        mimeType: "text/plain",
        sizeBytes: 5,
        originalName: "notiz.txt",
        storageKey: "b".repeat(40),
        isStaffFile: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const image = await db
      .insertInto("images")
      .values({
        extension: "png",
        mimeType: "image/png",
        width: 1,
        height: 1,
        alt: "Ein Bild",
        storageKey: "0123456789abcdef0123456789abcdef01234567",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const log = await db
      .insertInto("auditLog")
      .values({ action: "tag.created", entityType: "tag", entityId: "1" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const activity = await db
      .insertInto("workingActivities")
      .values({
        userId: employee.id,
        branchId: branch.id,
        startedAt: new Date("2026-11-20T07:00:00Z"),
        endedAt: new Date("2026-11-20T15:00:00Z"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const shift = await db
      .insertInto("workingSchedules")
      .values({
        userId: employee.id,
        branchId: branch.id,
        day: "2026-11-18",
        startMinute: 360,
        endMinute: 720,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const absence = await db
      .insertInto("absences")
      .values({ userId: employee.id, day: "2026-11-19", kind: "holiday" })
      .returning("id")
      .executeTakeFirstOrThrow();
    Object.assign(records, {
      uploads: upload.id,
      images: image.id,
      logs: Number(log.id),
      "working-activities": activity.id,
      "working-schedules": shift.id,
      absences: absence.id,
    });
    Object.assign(samples, {
      orderId: order.id,
      userId: employee.id,
      branchId: branch.id,
      uid: order.uid,
      hash: order.hash,
      apiKey: counterKey.key,
      index: 0,
    });
    // A webhook's delivery, for the resend call's path.
    const endpoint = await db
      .insertInto("webhookEndpoints")
      .values({
        url: "https://warenwirtschaft.example.org/vertrag",
        events: ["order.created"],
        secret: "v".repeat(64),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const delivery = await db
      .insertInto("webhookDeliveries")
      .values({
        eventId: "00000000-0000-4000-8000-000000000038",
        endpointId: endpoint.id,
        eventType: "order.created",
        subject: `order:${order.id}`,
        data: JSON.stringify({ id: order.id }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    samples.deliveryId = delivery.id;
    server = await startAppServer(db);
    client = await new StaffClient(server).signInAs(server.context, admin.id);
    const answer = await client.send("/api/openapi.json");
    expect(answer.status).toBe(200);
    document = (await answer.json()) as Document;
    // The time clock's own key, for its paths only.
    samples.clockKey = clockKey.key;
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  /** The address of a documented path, with sample values (or the document's own examples). */
  function addressOf({ path, pathParameters }: Documented): string | null {
    const firstSegment = path.split("/")[1] ?? "";
    let missingSample = false;
    const address =
      "/api" +
      path.replace(/\{(\w+)\}/g, (_, name: string) => {
        if (name === "deviceKey") return String(samples.clockKey);
        if (name === "id" || name === "productId") {
          const id = records[firstSegment];
          if (id === undefined) missingSample = true;
          return String(id);
        }
        const sample = samples[name];
        if (sample !== undefined) return encodeURIComponent(String(sample));
        const parameter = pathParameters.find((candidate) => candidate.name === name);
        const value = parameter?.example ?? parameter?.schema?.enum?.[0];
        if (value === undefined) throw new Error(`Kein Beispielwert für {${name}} in ${path}`);
        return encodeURIComponent(String(value));
      });
    return missingSample ? null : address;
  }

  /** Every property the operation's body documents (null), so that the route must know it. */
  function documentedKeys({ operation }: Documented): Record<string, null> {
    const resolve = (schema: BodySchema | undefined): BodySchema => {
      if (!schema) return {};
      if (schema.$ref) {
        const name = schema.$ref.split("/").at(-1) ?? "";
        return resolve((document.components.schemas as Record<string, BodySchema>)[name]);
      }
      if (schema.allOf) {
        return {
          properties: Object.assign({}, ...schema.allOf.map((part) => resolve(part).properties)),
        };
      }
      return schema;
    };
    const schema = resolve(operation.requestBody?.content["application/json"]?.schema);
    return Object.fromEntries(Object.keys(schema.properties ?? {}).map((key) => [key, null]));
  }

  /** The first record of each list the contract documents, where the examples made none. */
  async function findRecords() {
    for (const path of Object.keys(document.paths)) {
      const segment = path.slice(1);
      if (segment.includes("/") || records[segment] !== undefined) continue;
      if (!document.paths[`${path}/{id}`]) continue;
      const answer = await client.send(`/api${path}`);
      const body = (await answer.json().catch(() => null)) as { data?: { id?: number }[] } | null;
      const id = Array.isArray(body?.data) ? body.data[0]?.id : undefined;
      if (id !== undefined) records[segment] = id;
    }
  }

  it("is valid OpenAPI 3.1", async () => {
    expect(document).toMatchObject({
      openapi: "3.1.0",
      servers: [{ url: "/api" }],
      components: {
        securitySchemes: {
          cookieAuth: { type: "apiKey", in: "cookie", name: STAFF_SESSION_COOKIE },
          bearerAuth: { type: "http", scheme: "bearer" },
        },
      },
    });
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every /api route of app/routes.ts, and nothing else", async () => {
    const routes = appRoutes().filter(
      (route) => route.fullPath.startsWith("api/") && !NOT_IN_CONTRACT.has(route.fullPath),
    );
    expect(routes.length).toBeGreaterThan(60);
    const documentedPaths = new Set(Object.keys(document.paths));
    const missing: string[] = [];
    const routed = new Set<string>();
    for (const route of routes) {
      const path = toContractPath(route.fullPath);
      routed.add(path);
      if (!documentedPaths.has(path)) {
        missing.push(path);
        continue;
      }
      const module = await routeModule(route.file);
      const item = document.paths[path] ?? {};
      if (module.loader) continue;
      // A route without a loader takes no GET.
      if (item.get) missing.push(`GET ${path} (die Route hat keinen loader)`);
    }
    expect(missing, "Routen ohne Beschreibung in /api/openapi.json").toEqual([]);
    const unrouted = [...documentedPaths].filter((path) => !routed.has(path));
    expect(unrouted, "Beschriebene Pfade ohne Route").toEqual([]);
  });

  it("keeps money as integer cents, documented with an example", () => {
    const schemas = document.components.schemas as Record<
      string,
      { properties: Record<string, any> }
    >;
    const price = schemas.ProductsInput?.properties.price;
    expect(price).toMatchObject({ type: "integer", examples: [250] });
    expect(String(price.description)).toMatch(/Cent/);
  });

  it("has example bodies that fit their schemas and that the routes accept", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(document, "openapi.json");
    const withExamples = operationsOf(document).filter((documented) =>
      exampleOf(documented.operation),
    );
    expect(withExamples.length).toBeGreaterThan(40);
    for (const documented of withExamples) {
      const pointer = [
        "paths",
        documented.path,
        documented.method,
        "requestBody",
        "content",
        "application/json",
        "schema",
      ]
        .map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1"))
        .join("/");
      const validate = ajv.compile({ $ref: `openapi.json#/${pointer}` });
      const example = exampleOf(documented.operation);
      expect(
        validate(example),
        `${documented.method} ${documented.path}: ${ajv.errorsText(validate.errors)}`,
      ).toBe(true);
    }
    // POSTs first (in a few rounds: a record may name one created later), then the rest.
    let pending = withExamples.filter((documented) => documented.method === "post");
    const refused: string[] = [];
    for (let round = 0; round < 3 && pending.length; round += 1) {
      const again: Documented[] = [];
      for (const documented of pending) {
        const address = addressOf(documented);
        if (!address) {
          again.push(documented);
          if (round === 2) refused.push(`POST ${documented.path}: kein Beispiel-Datensatz`);
          continue;
        }
        const answer = await client.send(address, {
          method: "POST",
          json: exampleOf(documented.operation),
        });
        const body = (await answer.json().catch(() => null)) as { data?: { id?: number } } | null;
        if (answer.status >= 200 && answer.status < 300) {
          const segment = documented.path.split("/")[1] ?? "";
          if (!documented.path.includes("{") && body?.data?.id && records[segment] === undefined) {
            records[segment] = body.data.id;
          }
        } else {
          again.push(documented);
          if (round === 2) {
            refused.push(`POST ${documented.path}: ${answer.status} ${JSON.stringify(body)}`);
          }
        }
      }
      pending = again;
      await findRecords();
    }
    for (const documented of withExamples.filter((candidate) => candidate.method !== "post")) {
      const address = addressOf(documented);
      if (!address) {
        refused.push(`${documented.method} ${documented.path}: kein Beispiel-Datensatz`);
        continue;
      }
      const answer = await client.send(address, {
        method: documented.method.toUpperCase(),
        json: exampleOf(documented.operation),
      });
      if (answer.status < 200 || answer.status >= 300) {
        refused.push(
          `${documented.method} ${documented.path}: ${answer.status} ${await answer.text()}`,
        );
      }
    }
    expect(refused).toEqual([]);
  });

  it("refuses an unknown key on every API write, naming it (decision 097)", async () => {
    const used = new Set<string>();
    const silent: string[] = [];
    const routes = appRoutes().filter(
      (route) => route.fullPath.startsWith("api/") && !NOT_IN_CONTRACT.has(route.fullPath),
    );
    const documented = operationsOf(document);
    const visitor = new StaffClient(server);
    let walked = 0;
    for (const route of routes) {
      const module = await routeModule(route.file);
      if (!module.action) continue;
      const path = toContractPath(route.fullPath);
      const writes = documented.filter(
        (candidate) =>
          candidate.path === path &&
          (WRITES_WITH_BODY.includes(candidate.method) || candidate.operation.requestBody),
      );
      // A write the route takes but the contract does not name is a write nobody checks.
      for (const method of WRITES_WITH_BODY) {
        if (writes.some((write) => write.method === method)) continue;
        const sibling = documented.find((candidate) => candidate.path === path);
        const address = sibling && addressOf(sibling);
        if (!address) continue;
        const answer = await client.send(address, {
          method: method.toUpperCase(),
          json: { gibtEsNicht: 1 },
        });
        await answer.arrayBuffer();
        if (answer.status !== 405 && answer.status !== 404) {
          silent.push(`${method.toUpperCase()} ${path} → ${answer.status}, nicht beschrieben`);
        }
      }
      for (const write of writes) {
        const key = `${write.method.toUpperCase()} ${write.path}`;
        if (TAKES_NO_JSON[key]) {
          used.add(key);
          continue;
        }
        const address = addressOf(write);
        if (!address) {
          silent.push(`${key}: kein Beispiel-Datensatz`);
          continue;
        }
        walked += 1;
        const answer = await (write.operation.security?.length === 0 ? visitor : client).send(
          address,
          {
            method: write.method.toUpperCase(),
            json: {
              ...(KEYS_BY_PATH_VALUE.has(key) ? {} : documentedKeys(write)),
              ...exampleOf(write.operation),
              gibtEsNicht: 1,
            },
            headers: { Cookie: CONSENT },
          },
        );
        const body = (await answer.json().catch(() => null)) as {
          errors?: { message: string; field?: string }[];
        } | null;
        // Only the stranger is named: every key the contract documents is one the route takes.
        const unknown = (body?.errors ?? []).filter((error) =>
          error.message.startsWith("Unbekanntes Feld"),
        );
        const named =
          unknown.length === 1 &&
          unknown[0]?.field === "gibtEsNicht" &&
          unknown[0]?.message === "Unbekanntes Feld „gibtEsNicht“.";
        if (answer.status !== 400 || !named) {
          silent.push(`${key} → ${answer.status} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(walked).toBeGreaterThan(60);
    // Child rows too: a pause of a working time, a part of an order's new item.
    for (const [address, method, json, field] of [
      [
        `/api/working-activities/${records["working-activities"]}`,
        "PUT",
        {
          start: "2026-11-20T07:00:00Z",
          reason: "Korrektur",
          pauses: [{ start: "2026-11-20T09:00:00Z", gibtEsNicht: 1 }],
        },
        "pauses.0.gibtEsNicht",
      ],
      [
        "/api/orders",
        "POST",
        { branch: 1, items: [{ product: 1, amount: 1, parts: [{ partId: 1, gibtEsNicht: 1 }] }] },
        "items.0.parts.0.gibtEsNicht",
      ],
    ] as const) {
      const answer = await client.send(address, { method, json });
      expect(answer.status, address).toBe(400);
      expect(await answer.json()).toEqual({
        errors: [{ message: `Unbekanntes Feld „${field}“.`, field }],
      });
    }
    expect(silent, "Schreibende API-Aufrufe, die ein unbekanntes Feld nicht ablehnen").toEqual([]);
    const stale = Object.keys(TAKES_NO_JSON).filter((key) => !used.has(key));
    expect(stale, "Ausnahmen ohne Aufruf").toEqual([]);
  });

  it("answers every documented path and method (no 404, no 405)", async () => {
    const all = operationsOf(document);
    // Deleting last, so that the other calls still find their records.
    const ordered = [
      ...all.filter((documented) => documented.method !== "delete"),
      ...all.filter((documented) => documented.method === "delete"),
    ];
    const unanswered: string[] = [];
    for (const documented of ordered) {
      const method = documented.method.toUpperCase();
      const example = exampleOf(documented.operation);
      const address = addressOf(documented);
      if (!address) {
        unanswered.push(`${method} ${documented.path}: kein Beispiel-Datensatz`);
        continue;
      }
      const answer = await client.send(address, {
        method,
        ...(method === "GET" ? {} : { json: example ?? {} }),
      });
      await answer.arrayBuffer();
      if (answer.status === 404 || answer.status === 405) {
        unanswered.push(`${method} ${documented.path} → ${answer.status}`);
      }
    }
    expect(unanswered).toEqual([]);
  });

  it("answers 304 to a client that names the document's ETag, and 401 to strangers", async () => {
    const first = await client.send("/api/openapi.json");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^".+"$/);
    const again = await client.send("/api/openapi.json", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    const stranger = await new StaffClient(server).send("/api/openapi.json");
    expect(stranger.status).toBe(401);
  });
});
