import { de } from "#app/i18n/de-backoffice";
import type { Field } from "./fields";
import type { ResourceDefinition } from "./resource.server";

/** Fields many resources share, described once (decision 035). */
const label = de.fieldLabels;

/** A URL-safe identifier: lower-case letters, digits, single hyphens. */
export const identifierField = (max = 80): Field => ({
  name: "identifier",
  type: "text",
  format: "identifier",
  label: label.identifier,
  help: label.identifierHelp,
  required: true,
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
