import { de } from "../../i18n/de-backoffice";
import { countWhere, type ResourceDefinition } from "../backoffice/resource.server";

const label = de.fieldLabels;

const identifier = {
  name: "identifier",
  type: "text",
  format: "identifier",
  label: label.identifier,
  help: label.identifierHelp,
  required: true,
  max: 80,
} as const;
const position = {
  name: "position",
  type: "number",
  label: label.position,
  help: label.positionHelp,
  max: 100_000,
  default: 0,
} as const;

/** Organisations (divisions): the companies or brands the branches belong to. Administrators. */
export const divisionsResource: ResourceDefinition = {
  name: "divisions",
  entityType: "division",
  table: "divisions",
  texts: de.resources.divisions,
  fields: [
    { name: "name", type: "text", label: label.name, required: true, max: 120 },
    identifier,
    { name: "title", type: "text", label: label.title, max: 200 },
    { name: "description", type: "textarea", label: label.description, max: 5_000 },
    { name: "isPublic", type: "boolean", label: label.isPublic },
    position,
  ],
  listColumns: [
    { name: "name", label: label.name, sortable: true },
    { name: "identifier", label: label.identifier, sortable: true },
    { name: "isPublic", label: label.isPublic, sortable: true },
    { name: "position", label: label.position, sortable: true },
  ],
  searchColumns: ["name", "identifier", "title"],
  defaultSort: { column: "position", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
  async inUse(db, id) {
    const branches = await countWhere(db, "branches", "division_id", id);
    return branches ? de.inUse.divisionHasBranches(branches) : null;
  },
};

/** Departments: working units of an organisation (time tracking uses them). Administrators. */
export const departmentsResource: ResourceDefinition = {
  name: "departments",
  entityType: "department",
  table: "departments",
  texts: de.resources.departments,
  fields: [
    { name: "name", type: "text", label: label.name, required: true, max: 120 },
    identifier,
    { name: "divisionId", type: "reference", resource: "divisions", label: label.division },
    { name: "description", type: "textarea", label: label.description, max: 5_000 },
    position,
  ],
  listColumns: [
    { name: "name", label: label.name, sortable: true },
    { name: "identifier", label: label.identifier, sortable: true },
    { name: "divisionId", label: label.division },
    { name: "position", label: label.position, sortable: true },
  ],
  searchColumns: ["name", "identifier"],
  defaultSort: { column: "position", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
};
