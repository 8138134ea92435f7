import { de } from "#app/i18n/de-backoffice";
import {
  descriptionField,
  identifierField,
  nameField,
  positionColumn,
  positionField,
  shopWideByPosition,
  standardColumns,
} from "#app/features/backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "#app/features/backoffice/resource.server";

const label = de.fieldLabels;

const identifier = identifierField();
const position = positionField();

/** Organisations (divisions): the companies or brands the branches belong to. Administrators. */
export const divisionsResource: ResourceDefinition = {
  name: "divisions",
  entityType: "division",
  table: "divisions",
  texts: de.resources.divisions,
  fields: [
    nameField(120),
    identifier,
    { name: "title", type: "text", label: label.title, max: 200 },
    descriptionField(5_000),
    { name: "isPublic", type: "boolean", label: label.isPublic },
    position,
  ],
  listColumns: [
    ...standardColumns,
    { name: "isPublic", label: label.isPublic, sortable: true },
    positionColumn,
  ],
  searchColumns: ["name", "identifier", "title"],
  ...shopWideByPosition,
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
    nameField(120),
    identifier,
    { name: "divisionId", type: "reference", resource: "divisions", label: label.division },
    descriptionField(5_000),
    position,
  ],
  listColumns: [...standardColumns, { name: "divisionId", label: label.division }, positionColumn],
  searchColumns: ["name", "identifier"],
  ...shopWideByPosition,
};
