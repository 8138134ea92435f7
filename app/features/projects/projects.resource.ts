import { de } from "#app/i18n/de-backoffice";
import { nameField } from "#app/features/backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "#app/features/backoffice/resource.server";
import type { Db } from "#app/db/schema";

const label = de.fieldLabels;

const branchField = {
  name: "branchId",
  type: "reference",
  resource: "branches",
  label: label.branch,
  required: true,
} as const;

export const TASK_STATES = [
  { value: "open", label: "Offen" },
  { value: "in_progress", label: "In Arbeit" },
  { value: "done", label: "Erledigt" },
];

/** Projects of a branch (spec section 4, decision 061): working activities may name one. */
export const projectsResource: ResourceDefinition = {
  name: "projects",
  entityType: "project",
  table: "projects",
  texts: de.resources.projects,
  fields: [
    branchField,
    nameField(120),
    { name: "description", type: "textarea", label: label.description, max: 5_000 },
    { name: "isActive", type: "boolean", label: "Aktiv" },
  ],
  listColumns: [
    { name: "name", label: label.name, sortable: true },
    { name: "branchId", label: label.branch },
    { name: "isActive", label: "Aktiv", sortable: true },
  ],
  filterColumns: { branchId: "id" },
  searchColumns: ["name"],
  defaultSort: { column: "name", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN", "ROLE_MANAGER"], branchColumn: "branchId" },
  touchesUpdatedAt: true,
  async inUse(db, id) {
    const activities = await countWhere(db, "working_activities", "project_id", id);
    return activities
      ? `Auf das Projekt ist bereits Arbeitszeit gebucht (${activities} Einträge).`
      : null;
  },
};

/** Whether the person works at the branch (an assignee must). */
async function worksAt(db: Db, userId: number, branchId: number) {
  return Boolean(
    await db
      .selectFrom("userBranches")
      .select("userId")
      .where("userId", "=", userId)
      .where("branchId", "=", branchId)
      .executeTakeFirst(),
  );
}

/**
 * Tasks of a branch, optionally of a project (spec section 4, decision 061): assignee, due date,
 * state. A trigger announces every change on `tasks_changed` (the open lists reload).
 */
export const tasksResource: ResourceDefinition = {
  name: "tasks",
  entityType: "task",
  table: "tasks",
  texts: de.resources.tasks,
  fields: [
    branchField,
    { name: "name", type: "text", label: "Titel", required: true, max: 200 },
    { name: "projectId", type: "reference", resource: "projects", label: "Projekt" },
    { name: "assigneeId", type: "reference", resource: "users", label: "Zuständig" },
    { name: "dueOn", type: "date", mode: "date", label: "Fällig am" },
    { name: "state", type: "select", label: "Status", options: TASK_STATES, required: true },
    { name: "description", type: "textarea", label: label.description, max: 5_000 },
  ],
  listColumns: [
    { name: "name", label: "Titel", sortable: true },
    { name: "state", label: "Status", sortable: true },
    { name: "dueOn", label: "Fällig am", sortable: true },
    { name: "assigneeId", label: "Zuständig" },
    { name: "projectId", label: "Projekt" },
  ],
  filterColumns: {
    branchId: "id",
    projectId: "id",
    assigneeId: "id",
    state: "text",
    dueOn: "date",
  },
  searchColumns: ["name"],
  defaultSort: { column: "dueOn", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN", "ROLE_MANAGER"], branchColumn: "branchId" },
  touchesUpdatedAt: true,
  async check(db, input) {
    const problems: { field: string; message: string }[] = [];
    const branchId = Number(input.branchId);
    if (input.projectId != null) {
      const project = await db
        .selectFrom("projects")
        .select("branchId")
        .where("id", "=", Number(input.projectId))
        .executeTakeFirst();
      if (project && project.branchId !== branchId) {
        problems.push({
          field: "projectId",
          message: "Das Projekt gehört zu einer anderen Filiale.",
        });
      }
    }
    if (input.assigneeId != null && !(await worksAt(db, Number(input.assigneeId), branchId))) {
      problems.push({
        field: "assigneeId",
        message: "Die Person arbeitet nicht in dieser Filiale.",
      });
    }
    return problems;
  },
  async inUse(db, id) {
    const activities = await countWhere(db, "working_activities", "task_id", id);
    return activities
      ? `Auf die Aufgabe ist bereits Arbeitszeit gebucht (${activities} Einträge).`
      : null;
  },
};
