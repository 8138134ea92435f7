import type { ResourceEditor } from "#app/features/backoffice/resource-editor";
import { StreamEntriesEditor } from "./stream-entries-editor";

/** A stream's entries in order, beside its fields (decision 083). */
export const streamEditor: ResourceEditor = {
  resource: "digital-signage-streams",
  Fields: ({ values, errors, choices }) => (
    <StreamEntriesEditor
      entries={values.entries}
      segments={choices.streamSegments ?? []}
      errors={errors}
    />
  ),
};
