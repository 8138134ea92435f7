import type { ResourceEditor } from "#app/features/backoffice/resource-editor";
import { LayersEditor, TemplatePreview } from "./layers-editor";

/** An image template's layers in its form, and its rendered preview below it (decision 041). */
export const imageTemplateEditor: ResourceEditor = {
  resource: "image-templates",
  Fields: ({ values, errors, choices }) => (
    <LayersEditor layers={values.layers} images={choices.layerImages ?? []} errors={errors} />
  ),
  AfterForm: ({ pageExtras, choices }) =>
    pageExtras?.templateId ? (
      <TemplatePreview
        templateId={Number(pageExtras.templateId)}
        templateName={String(pageExtras.templateName ?? "")}
        width={Number(pageExtras.width)}
        height={Number(pageExtras.height)}
        products={choices.previewProducts ?? []}
      />
    ) : null,
};
