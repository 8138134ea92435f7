import type { ResourceEditor } from "#app/features/backoffice/resource-editor";
import { DeviceLog } from "./device-log";

/** A device's log and test buttons below its form (decision 056). */
export const deviceEditor: ResourceEditor = {
  resource: "devices",
  AfterForm: ({ pageExtras }) => (pageExtras ? <DeviceLog extras={pageExtras} /> : null),
};
