import type { ComponentType } from "react";

/** Messages of a form's fields by their path (`schedule[0].from`), as conform reports them. */
export type FieldErrors = Readonly<Record<string, readonly string[] | null | undefined>>;

/** Choices of the editors' selects (a bundle's products), by name, as the edit page loads them. */
export type EditorChoices = Record<string, { value: string; label: string }[]>;

export interface ResourceEditorProps {
  /** The values the form shows: as the server last answered, else as stored. */
  values: Record<string, unknown>;
  errors: FieldErrors | null | undefined;
  /** What the resource's `pageExtras` loaded for the stored record (a preview), or null. */
  pageExtras: Record<string, unknown> | null;
  choices: EditorChoices;
}

/**
 * What a standard resource's edit page shows beside its registry fields (decisions 035, 083): the
 * editors of its child rows inside the form (`Fields`), and below the form what may hold forms of
 * its own (`AfterForm`: a preview, a device's log). An area declares it in its folder's
 * `<area>.editors.tsx`; most resources have none.
 */
export interface ResourceEditor {
  resource: string;
  Fields?: ComponentType<ResourceEditorProps>;
  AfterForm?: ComponentType<Omit<ResourceEditorProps, "values" | "errors">>;
}
