import { deContent } from "#app/i18n/de-content";
import type { ResourceEditor } from "#app/features/backoffice/resource-editor";
import { BlockContentEditor } from "./block-editor";
import { NavigationEditor, type NavigationRowValue } from "./navigation-editor";
import { RichTextEditor } from "./rich-text-editor";

/** What the website's edit pages show beside their fields (decision 083). */
export const contentEditors: readonly ResourceEditor[] = [
  {
    resource: "sites",
    Fields: ({ values, errors }) => (
      <RichTextEditor
        name="body"
        label={deContent.sites.body}
        help={deContent.sites.bodyHelp}
        value={typeof values.body === "string" ? values.body : ""}
        error={errors?.body?.[0]}
      />
    ),
  },
  {
    resource: "navigations",
    Fields: ({ values, errors, choices }) => (
      <NavigationEditor
        items={values.items as NavigationRowValue[] | null}
        sites={choices.navigationSites ?? []}
        errors={errors}
      />
    ),
  },
  {
    resource: "blocks",
    Fields: ({ values, errors, pageExtras, choices }) => (
      <BlockContentEditor
        identifier={values.identifier ?? pageExtras?.identifier}
        content={values.content}
        errors={errors}
        choices={choices}
      />
    ),
  },
];
