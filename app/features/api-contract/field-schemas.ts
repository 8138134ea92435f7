import { MONEY_MAX, type Field } from "#app/features/backoffice/fields";
import type { ResourceDefinition } from "#app/features/backoffice/resource-definition";
import { de } from "#app/i18n/de-api-contract";

/**
 * The field registry (decision 035) read as JSON Schema for the published contract (decision
 * 101): the same field descriptions that build the zod schemas of the forms and the API
 * (`fields.ts`, `schemaFor`) give each property its type, limits and example, so a field added or
 * changed in an area's description changes the document too.
 */

export type JsonSchema = Record<string, unknown>;

/** A field as the API names it. */
export interface ApiField {
  /** The JSON key. */
  name: string;
  field: Field;
}

/**
 * The one place the contract reads a resource's fields: a field may carry its own JSON name
 * (`apiName`), else the API speaks its form name.
 */
export function apiFieldsOf(definition: ResourceDefinition): ApiField[] {
  return definition.fields.map((field) => ({
    name: (field as Field & { apiName?: string }).apiName ?? field.name,
    field,
  }));
}

const nullable = (schema: JsonSchema, required: boolean | undefined): JsonSchema => {
  if (required) return schema;
  const type = schema.type;
  if (typeof type === "string") return { ...schema, type: [type, "null"] };
  return { anyOf: [schema, { type: "null" }] };
};

const TEXT_FORMATS: Record<string, JsonSchema> = {
  identifier: { pattern: "^[a-z0-9]+(-[a-z0-9]+)*$", description: de.formats.identifier },
  email: { format: "email" },
  url: { format: "uri" },
  phone: { pattern: "^\\+?[0-9 ()/-]{5,30}$" },
  color: { pattern: "^#[0-9a-fA-F]{6}$", description: de.formats.color },
  postcodes: { description: de.formats.postcodes },
  keywords: {},
  digits: { pattern: "^[0-9]+$" },
};

const TEXT_EXAMPLES: Record<string, string> = {
  identifier: "beispiel",
  email: "info@example.org",
  url: "https://example.org",
  phone: "+49 30 1234567",
  color: "#aa5500",
  postcodes: "10115, 10117",
  keywords: "Brot, Brötchen",
  digits: "12345",
};

/** The JSON Schema of what the API takes for one field. */
export function fieldJsonSchema(field: Field): JsonSchema {
  const described = (schema: JsonSchema): JsonSchema => {
    const description = [field.help, schema.description].filter(Boolean).join(" ");
    return { title: field.label, ...schema, ...(description ? { description } : {}) };
  };
  switch (field.type) {
    case "text": {
      const format = field.format ? TEXT_FORMATS[field.format] : {};
      const schema: JsonSchema = {
        type: "string",
        maxLength: field.max ?? 200,
        ...(field.min ? { minLength: field.min } : {}),
        ...format,
      };
      return described(nullable(schema, field.required));
    }
    case "textarea":
    case "markdown":
      return described(
        nullable({ type: "string", maxLength: field.max ?? 20_000 }, field.required),
      );
    case "number": {
      const schema: JsonSchema = {
        type: field.decimals ? "number" : "integer",
        minimum: field.min ?? 0,
        maximum: field.max ?? 1_000_000,
        ...(field.default !== undefined ? { default: field.default } : {}),
      };
      return described(nullable(schema, field.required));
    }
    case "money":
      return described(
        nullable(
          {
            type: "integer",
            minimum: 0,
            maximum: field.max ?? MONEY_MAX,
            examples: [250],
            description: de.money.description,
          },
          field.required,
        ),
      );
    case "boolean":
      return described({ type: "boolean", default: false });
    case "select":
      return described(
        field.required
          ? { type: "string", enum: field.options.map((option) => option.value) }
          : { enum: [...field.options.map((option) => option.value), null] },
      );
    case "choices":
      return described({
        type: "array",
        items: { type: "string", enum: field.options.map((option) => option.value) },
        uniqueItems: true,
      });
    case "date": {
      const schema: JsonSchema =
        field.mode === "date"
          ? { type: "string", format: "date", examples: ["2026-12-24"] }
          : field.mode === "time"
            ? { type: "string", pattern: "^\\d{2}:\\d{2}$", examples: ["08:30"] }
            : {
                type: "string",
                pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$",
                description: de.formats.localDateTime,
                examples: ["2026-12-24T08:30"],
              };
      return described(nullable(schema, field.required));
    }
    case "reference": {
      const id: JsonSchema = { type: "integer", minimum: 1 };
      if (field.multiple) {
        return described({
          type: "array",
          items: id,
          maxItems: 500,
          description: de.reference.many(field.resource),
        });
      }
      return described({
        ...nullable(id, field.required),
        description: de.reference.one(field.resource),
      });
    }
    case "image":
      return described({
        ...nullable({ type: "integer", minimum: 1 }, false),
        description: de.reference.one("images"),
      });
    case "images":
      return described({
        type: "array",
        items: { type: "integer", minimum: 1 },
        maxItems: 100,
        description: de.reference.many("images"),
      });
  }
}

/** A value the API accepts for a field, for the example requests. */
export function exampleValue(field: Field): unknown {
  switch (field.type) {
    case "text": {
      if (field.format) return TEXT_EXAMPLES[field.format] ?? "Beispiel";
      const text = field.name === "name" ? de.example.name : "Beispiel";
      return text.padEnd(field.min ?? 0, "x").slice(0, field.max ?? 200);
    }
    case "textarea":
    case "markdown":
      return de.example.text;
    case "number":
      return field.default ?? field.min ?? 1;
    case "money":
      return 250;
    case "boolean":
      return false;
    case "select":
      return field.options[0]?.value ?? null;
    case "choices":
      return [];
    case "date":
      return field.mode === "date"
        ? "2026-12-24"
        : field.mode === "time"
          ? "08:30"
          : "2026-12-24T08:30";
    case "reference":
      return field.multiple ? [] : 1;
    case "image":
      return null;
    case "images":
      return [];
  }
}
