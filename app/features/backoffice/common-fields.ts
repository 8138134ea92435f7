import { de } from "#app/i18n/de-backoffice";
import type { Field } from "./fields";
import type { ListColumn, ResourceDefinition } from "./resource-definition";

/** Fields many resources share, described once (decision 035). */
const label = de.fieldLabels;

/**
 * A URL-safe identifier: lower-case letters, digits, single hyphens. Left empty, it is made from
 * the name and numbered while taken (decision 098); it stays editable.
 */
export const identifierField = (max = 80): Field => ({
  name: "identifier",
  type: "text",
  format: "identifier",
  label: label.identifier,
  help: `${label.identifierHelp} ${label.identifierDerived}`,
  derivedFrom: "name",
  max,
});

/** An identifier the record may do without (a category's): empty stays empty. */
export const optionalIdentifierField = (max = 80): Field => ({
  name: "identifier",
  type: "text",
  format: "identifier",
  label: label.identifier,
  help: label.identifierHelp,
  max,
});

/** The order in lists: smaller first; empty is 0. */
export const positionField = (section?: string): Field => ({
  name: "position",
  type: "number",
  label: label.position,
  help: label.positionHelp,
  max: 100_000,
  default: 0,
  ...(section ? { section } : {}),
});

export const nameField = (max: number, section?: string): Field => ({
  name: "name",
  type: "text",
  label: label.name,
  required: true,
  max,
  ...(section ? { section } : {}),
});

/** The list columns most resources show: name, identifier, position (all sortable). */
export const standardColumns = [
  { name: "name", label: label.name, sortable: true },
  { name: "identifier", label: label.identifier, sortable: true },
] as const;
export const positionColumn = { name: "position", label: label.position, sortable: true } as const;

/** A longer text about the record, without markup. */
export const descriptionField = (max = 2_000): Field => ({
  name: "description",
  type: "textarea",
  label: label.description,
  max,
});

/**
 * What the shop-wide lists kept in their own order share (donation recipients, categories,
 * organisations …): sorted by position, titled by their name, for administrators, `updated_at`.
 */
export const shopWideByPosition = {
  defaultSort: { column: "position", direction: "asc" },
  titleOf: (row: Record<string, unknown>) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
} satisfies Partial<ResourceDefinition>;

/** A yes/no field in a form's section, with an optional help line. */
export const flagField = (name: string, text: string, section: string, help?: string): Field => ({
  name,
  type: "boolean",
  label: text,
  section,
  ...(help ? { help } : {}),
});

/**
 * A shop-wide list kept in its own order (donation recipients, categories, organisations …):
 * the form's fields name, identifier, [lead], description, [fields], position; the list's columns
 * name, identifier, [columns], position; searched by name, identifier and description unless said.
 */
export const shopWideList = (options: {
  fields?: Field[];
  columns?: ListColumn[];
  lead?: Field[];
  optionalIdentifier?: boolean;
  descriptionMax?: number;
  searchColumns?: string[];
}) =>
  ({
    fields: [
      nameField(120),
      options.optionalIdentifier ? optionalIdentifierField() : identifierField(),
      ...(options.lead ?? []),
      descriptionField(options.descriptionMax),
      ...(options.fields ?? []),
      positionField(),
    ],
    listColumns: [...standardColumns, ...(options.columns ?? []), positionColumn],
    searchColumns: options.searchColumns ?? ["name", "identifier", "description"],
    ...shopWideByPosition,
  }) satisfies Partial<ResourceDefinition>;
