import type {
  EditorChoices,
  FieldErrors,
  ResourceEditor,
  ResourceEditorProps,
} from "./backoffice/resource-editor";

/**
 * The browser's half of the registry (decision 083): every area's edit-page editors, found in its
 * folder as `<area>.editors.tsx` (exports of `ResourceEditor`s, alone or in a list), by resource
 * name. The edit page asks here what to draw beside a resource's fields; no switch on names.
 */
const modules = import.meta.glob<Record<string, unknown>>("./*/*.editors.tsx", { eager: true });

const isEditor = (value: unknown): value is ResourceEditor =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ResourceEditor).resource === "string";

const EDITORS = new Map(
  Object.values(modules)
    .flatMap((exports) => Object.values(exports).flat())
    .filter(isEditor)
    .map((editor) => [editor.resource, editor] as const),
);

export function editorOf(name: string): ResourceEditor | undefined {
  return EDITORS.get(name);
}

/** The resource's own editors inside its form, if it has any. */
export function ResourceExtras({
  name,
  choices = {},
  ...props
}: Omit<ResourceEditorProps, "choices" | "errors"> & {
  name: string;
  errors: FieldErrors | null | undefined;
  choices?: EditorChoices;
}) {
  const Fields = EDITORS.get(name)?.Fields;
  return Fields ? <Fields {...props} choices={choices} /> : null;
}

/** What the resource's edit page shows below its form (outside it), if anything. */
export function ResourceAfterForm({
  name,
  pageExtras,
  choices = {},
}: {
  name: string;
  pageExtras: Record<string, unknown> | null;
  choices?: EditorChoices;
}) {
  const AfterForm = EDITORS.get(name)?.AfterForm;
  return AfterForm ? <AfterForm pageExtras={pageExtras} choices={choices} /> : null;
}
