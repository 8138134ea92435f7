import { adminsAndManagers, type BackOfficeArea } from "#app/features/backoffice/areas";

/** The projects folder's entries of the back office's navigation (decision 083). */
export const projectsAreas: readonly BackOfficeArea[] = [
  {
    key: "projects",
    group: "time",
    label: "Projekte",
    description: "Projekte der Filiale, auf die Arbeitszeit gebucht werden kann.",
    path: "/backend/projects",
    resource: "projects",
    icon: "▣",
    allowed: adminsAndManagers,
  },
  {
    key: "tasks",
    group: "time",
    label: "Aufgaben",
    description: "Aufgaben mit Zuständigen, Fälligkeit und Status.",
    path: "/backend/tasks",
    resource: "tasks",
    icon: "☑",
    allowed: adminsAndManagers,
  },
];
