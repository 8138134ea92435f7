import { createHash } from "node:crypto";
import { z } from "zod";
import packageJson from "#package.json";
import type { ResourceDefinition } from "#app/features/backoffice/resource-definition";
import { REGISTERED_RESOURCES } from "#app/features/resources.server";
import { de } from "#app/i18n/de-api-contract";
import { apiFieldsOf, exampleValue, fieldJsonSchema, type JsonSchema } from "./field-schemas";
import {
  HAND_OPERATIONS,
  PATH_PARAMETERS,
  RESOURCE_EXAMPLES,
  type HandOperation,
} from "./operations";

/**
 * The published contract (issue 38, decision 101): an OpenAPI 3.1 document of the JSON API,
 * built once per process from the resource registry (every standard resource's five calls, their
 * bodies from the same field descriptions that validate them) and the hand-written calls of the
 * other routes (`operations.ts`). Served at `GET /api/openapi.json`, shown at `/backend/api`.
 */

type Operation = Record<string, unknown>;
type PathItem = Partial<Record<"get" | "post" | "put" | "delete", Operation>>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** `digital-signage-devices` → `DigitalSignageDevices` (a component's name). */
const componentName = (name: string) =>
  name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

const json = (schema: JsonSchema, example?: unknown) => ({
  "application/json": { schema, ...(example === undefined ? {} : { example }) },
});

const dataOf = (schema: JsonSchema) => ({
  type: "object",
  properties: { data: schema },
  required: ["data"],
});

const SECURITY = [{ cookieAuth: [] }, { bearerAuth: [] }];

const failures = (...names: ("BadRequest" | "NotFound" | "Conflict")[]) => ({
  ...Object.fromEntries(names.map((name) => [statusOf[name], responseRef(name)])),
  "401": responseRef("Unauthorized"),
  "403": responseRef("Forbidden"),
});
const statusOf = { BadRequest: "400", NotFound: "404", Conflict: "409" } as const;

/** The JSON Schema zod gives for the lists a resource writes besides its fields. */
function extraProperties(definition: ResourceDefinition): Record<string, JsonSchema> {
  if (!definition.extraSchema) return {};
  const schema = z.toJSONSchema(z.object(definition.extraSchema), {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as { properties?: Record<string, JsonSchema> };
  return schema.properties ?? {};
}

/** What POST and PUT take: the fields (required as the registry says) and the extra lists. */
function inputSchema(definition: ResourceDefinition): JsonSchema {
  const fields = apiFieldsOf(definition);
  const required = fields.filter(({ field }) => field.required).map(({ name }) => name);
  return {
    type: "object",
    title: de.resource.input(definition.texts.singular),
    properties: {
      ...Object.fromEntries(fields.map(({ name, field }) => [name, fieldJsonSchema(field)])),
      ...extraProperties(definition),
    },
    ...(required.length ? { required } : {}),
  };
}

/** What the API answers for one record: its id, version and fields (more may follow). */
function recordSchema(definition: ResourceDefinition): JsonSchema {
  return {
    type: "object",
    title: de.resource.record(definition.texts.singular),
    properties: {
      id: { type: "integer", description: de.record.id },
      version: { type: "string", description: de.record.version },
      ...Object.fromEntries(
        apiFieldsOf(definition).map(({ name, field }) => [name, fieldJsonSchema(field)]),
      ),
    },
    required: ["id", "version"],
  };
}

/** A body the API accepts: the required fields with example values. */
export function exampleBody(definition: ResourceDefinition): Record<string, unknown> {
  return {
    ...Object.fromEntries(
      apiFieldsOf(definition)
        .filter(({ field }) => field.required)
        .map(({ name, field }) => [name, exampleValue(field)]),
    ),
    ...RESOURCE_EXAMPLES[definition.name],
  };
}

const idParameter = {
  name: "id",
  in: "path",
  required: true,
  description: de.parameters.id,
  schema: { type: "integer", minimum: 1 },
  example: 1,
};

const queryParameter = (
  name: string,
  description: string,
  schema: JsonSchema = { type: "string" },
) => ({
  name,
  in: "query",
  required: false,
  description,
  schema,
});

function resourcePaths(definition: ResourceDefinition): Record<string, PathItem> {
  const name = componentName(definition.name);
  const { plural, singular } = definition.texts;
  const tags = [plural];
  const listParameters = [
    queryParameter("search", de.parameters.search),
    queryParameter("sort", de.parameters.sort, {
      type: "string",
      enum: definition.listColumns.filter((c) => c.sortable).map((c) => c.name),
    }),
    queryParameter("dir", de.parameters.dir, { type: "string", enum: ["asc", "desc"] }),
    queryParameter("page", de.parameters.page, { type: "integer", minimum: 1 }),
    queryParameter("pageSize", de.parameters.pageSize, {
      type: "integer",
      minimum: 1,
      maximum: 200,
    }),
    ...(definition.access.branchColumn
      ? [queryParameter("branchId", de.parameters.branchId, { type: "integer", minimum: 1 })]
      : []),
    ...Object.keys(definition.filterColumns ?? {})
      .filter((column) => column !== "branchId" || !definition.access.branchColumn)
      .map((column) => queryParameter(column, de.parameters.filter(column))),
  ];
  const record = ref(`${name}Record`);
  const recordAnswer = (description: string) => ({
    description,
    headers: { ETag: { description: de.record.version, schema: { type: "string" } } },
    content: json(dataOf(record)),
  });
  return {
    [`/${definition.name}`]: {
      get: {
        operationId: `list-${definition.name}`,
        tags,
        summary: de.resource.list(plural),
        parameters: listParameters,
        responses: {
          "200": {
            description: de.responses.ok,
            content: json({
              type: "object",
              properties: { data: { type: "array", items: record }, meta: ref("ListMeta") },
              required: ["data"],
            }),
          },
          ...failures("BadRequest"),
        },
      },
      post: {
        operationId: `create-${definition.name}`,
        tags,
        summary: de.resource.create(singular),
        requestBody: {
          required: true,
          content: json(ref(`${name}Input`), exampleBody(definition)),
        },
        responses: { "201": recordAnswer(de.responses.created), ...failures("BadRequest") },
      },
    },
    [`/${definition.name}/{id}`]: {
      parameters: [idParameter],
      get: {
        operationId: `read-${definition.name}`,
        tags,
        summary: de.resource.read(singular),
        responses: { "200": recordAnswer(de.responses.ok), ...failures("NotFound") },
      },
      put: {
        operationId: `update-${definition.name}`,
        tags,
        summary: de.resource.update(singular),
        description: de.resource.updateDescription,
        parameters: [
          {
            name: "If-Match",
            in: "header",
            required: false,
            description: de.parameters.ifMatch,
            schema: { type: "string" },
          },
        ],
        requestBody: {
          required: true,
          content: json(
            {
              allOf: [ref(`${name}Input`)],
              description: de.resource.updateDescription,
            },
            exampleBody(definition),
          ),
        },
        responses: {
          "200": recordAnswer(de.responses.ok),
          ...failures("BadRequest", "NotFound", "Conflict"),
        },
      },
      delete: {
        operationId: `delete-${definition.name}`,
        tags,
        summary: de.resource.delete(singular),
        responses: {
          "200": { description: de.responses.ok, content: json(dataOf({ type: "object" })) },
          ...failures("NotFound", "Conflict"),
        },
      },
    } as PathItem,
  };
}

const pathParameterNames = (path: string) =>
  [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? "");

function handOperation(operation: HandOperation): Operation {
  const parameters = [
    ...pathParameterNames(operation.path).map((name) => {
      const known = operation.pathParameters?.[name] ?? PATH_PARAMETERS[name];
      if (!known) throw new Error(`Pfadparameter ohne Beschreibung: ${name}`);
      return { name, in: "path", required: true, ...known };
    }),
    ...Object.entries(operation.query ?? {}).map(([name, description]) =>
      queryParameter(name, description),
    ),
  ];
  const success = String(operation.status ?? 200);
  const content = operation.produces
    ? { [operation.produces]: { schema: { type: "string" } } }
    : json(dataOf({}));
  const failuresOf =
    operation.access === "public"
      ? { "400": responseRef("BadRequest"), "404": responseRef("NotFound") }
      : failures("BadRequest", "NotFound");
  return {
    operationId: `${operation.method}-${operation.path.replace(/[{}]/g, "").replace(/\W+/g, "-").replace(/^-|-$/g, "")}`,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.access === "public" ? { security: [] } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: operation.body.required ?? true,
            content: json(
              { type: "object", ...(operation.body.schema ?? {}) },
              operation.body.example,
            ),
          },
        }
      : {}),
    responses: {
      [success]: { description: de.responses.ok, content },
      ...failuresOf,
    },
  };
}

const problemSchema = {
  type: "object",
  properties: {
    errors: {
      type: "array",
      description: de.envelope.errors,
      minItems: 1,
      items: {
        type: "object",
        properties: {
          message: { type: "string", description: de.envelope.message },
          field: { type: "string", description: de.envelope.field },
        },
        required: ["message"],
      },
    },
  },
  required: ["errors"],
  example: {
    errors: [
      { message: "Produkt konnte nicht angelegt werden." },
      {
        message: "Bitte geben Sie den Betrag in Cent als ganze Zahl an (z. B. 250 für 2,50 €).",
        field: "price",
      },
    ],
  },
};

const problemResponse = (description: string) => ({
  description,
  content: json(ref("Problem")),
});

export function buildOpenApiDocument(
  resources: readonly ResourceDefinition[] = REGISTERED_RESOURCES,
): Record<string, unknown> {
  const paths: Record<string, PathItem> = {};
  const schemas: Record<string, JsonSchema> = {
    Problem: problemSchema,
    ListMeta: {
      type: "object",
      description: de.envelope.meta,
      properties: {
        total: { type: "integer" },
        page: { type: "integer" },
        pageCount: { type: "integer" },
        pageSize: { type: "integer" },
      },
    },
  };
  for (const definition of resources) {
    Object.assign(paths, resourcePaths(definition));
    const name = componentName(definition.name);
    schemas[`${name}Input`] = inputSchema(definition);
    schemas[`${name}Record`] = recordSchema(definition);
  }
  for (const operation of HAND_OPERATIONS) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method]) {
      throw new Error(`Doppelt beschrieben: ${operation.method} ${operation.path}`);
    }
    item[operation.method] = handOperation(operation);
  }
  return {
    openapi: "3.1.0",
    info: { title: de.title, version: packageJson.version, description: de.description },
    servers: [{ url: "/api" }],
    security: SECURITY,
    paths,
    components: {
      schemas,
      responses: {
        BadRequest: problemResponse(de.responses.badRequest),
        Unauthorized: problemResponse(de.responses.unauthorized),
        Forbidden: problemResponse(de.responses.forbidden),
        NotFound: problemResponse(de.responses.notFound),
        Conflict: problemResponse(de.responses.conflict),
      },
      securitySchemes: {
        cookieAuth: {
          type: "apiKey",
          in: "cookie",
          // The staff session cookie (`STAFF_SESSION_COOKIE`; the contract test checks the name).
          name: "backoffice_sitzung",
          description: de.security.cookie,
        },
        bearerAuth: { type: "http", scheme: "bearer", description: de.security.bearer },
      },
    },
  };
}

/** The document as served: built on the first call, then kept with its ETag. */
let served: { body: string; etag: string } | null = null;

export function servedOpenApiDocument(): { body: string; etag: string } {
  if (!served) {
    const body = JSON.stringify(buildOpenApiDocument());
    const digest = createHash("sha256").update(body).digest("base64url").slice(0, 27);
    served = { body, etag: `"${digest}"` };
  }
  return served;
}

/** Method, path and summary of every operation, in the document's order (the page's list). */
export function operationList(
  document: Record<string, unknown>,
): { method: string; path: string; summary: string; tag: string }[] {
  const paths = document.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    (["get", "post", "put", "delete"] as const)
      .filter((method) => item[method])
      .map((method) => {
        const operation = item[method] as { summary?: string; tags?: string[] };
        return {
          method: method.toUpperCase(),
          path,
          summary: operation.summary ?? "",
          tag: operation.tags?.[0] ?? "",
        };
      }),
  );
}
