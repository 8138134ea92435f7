import { de } from "#app/i18n/de-backoffice";
import { shopWideList } from "#app/features/backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "#app/features/backoffice/resource.server";

const label = de.fieldLabels;

/** Organisations (divisions): the companies or brands the branches belong to. Administrators. */
export const divisionsResource: ResourceDefinition = {
  name: "divisions",
  entityType: "division",
  table: "divisions",
  texts: de.resources.divisions,
  ...shopWideList({
    lead: [{ name: "title", type: "text", label: label.title, max: 200 }],
    descriptionMax: 5_000,
    fields: [{ name: "isPublic", type: "boolean", label: label.isPublic }],
    columns: [{ name: "isPublic", label: label.isPublic, sortable: true }],
    searchColumns: ["name", "identifier", "title"],
  }),
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
  ...shopWideList({
    lead: [{ name: "divisionId", type: "reference", resource: "divisions", label: label.division }],
    descriptionMax: 5_000,
    columns: [{ name: "divisionId", label: label.division }],
    searchColumns: ["name", "identifier"],
  }),
};
