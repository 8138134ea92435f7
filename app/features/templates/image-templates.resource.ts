import { sql } from "kysely";
import { de } from "#app/i18n/de-backoffice";
import { deTemplates } from "#app/i18n/de-templates";
import {
  identifierField,
  nameField,
  standardColumns,
} from "#app/features/backoffice/common-fields";
import type { Problem, ResourceDefinition } from "#app/features/backoffice/resource.server";
import { applyHoursIntent, HOURS_INTENT_FIELD } from "#app/features/branches/opening-hours-intent";
import {
  CANVAS_MAX,
  CANVAS_MIN,
  layersSchema,
  NEW_LAYERS,
  type Layer,
  type LayerKind,
} from "./layers.schema";

const t = deTemplates;

/**
 * The add buttons name the kind (`layers-add-text`); the intent helper knows one new row per list,
 * so the kind chooses it here and the button becomes the helper's plain `layers-add`.
 */
export function prepareLayersForm(form: FormData): FormData {
  let kind: LayerKind | null = null;
  const copy = new FormData();
  for (const [key, value] of form.entries()) {
    const match =
      key === HOURS_INTENT_FIELD && typeof value === "string"
        ? /^layers-add-(area|image|text)$/.exec(value)
        : null;
    if (match && kind === null) {
      kind = match[1] as LayerKind;
      copy.append(key, "layers-add");
    } else copy.append(key, value);
  }
  return applyHoursIntent(kind ? copy : form, ["layers"], {
    layers: NEW_LAYERS[kind ?? "area"],
  });
}

/**
 * Image templates (spec section 3: identifier, layers; issue 16, decision 041): a canvas of
 * width × height pixels and its layers bottom to top, kept as one jsonb list. Administrators.
 */
export const imageTemplatesResource: ResourceDefinition = {
  name: "image-templates",
  entityType: "image-template",
  table: "image_templates",
  texts: t.resource,
  fields: [
    nameField(120),
    identifierField(),
    {
      name: "width",
      type: "number",
      label: t.fields.width,
      required: true,
      min: CANVAS_MIN,
      max: CANVAS_MAX,
    },
    {
      name: "height",
      type: "number",
      label: t.fields.height,
      required: true,
      min: CANVAS_MIN,
      max: CANVAS_MAX,
    },
  ],
  extraSchema: { layers: layersSchema },
  extraFields: ["layers"],
  listColumns: [
    ...standardColumns,
    { name: "width", label: t.fields.width, sortable: true },
    { name: "height", label: t.fields.height, sortable: true },
  ],
  searchColumns: ["name", "identifier"],
  defaultSort: { column: "name", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
  async storedColumns(_trx, input) {
    // A PUT without `layers` keeps the stored ones.
    return "layers" in input ? { layers: sql`${JSON.stringify(input.layers)}::jsonb` } : {};
  },
  async check(db, input) {
    const layers = ("layers" in input ? input.layers : []) as Layer[];
    const ids = [
      ...new Set(layers.flatMap((layer) => (layer.type === "image" ? [layer.imageId] : []))),
    ];
    if (ids.length === 0) return [];
    const found = new Set(
      (await db.selectFrom("images").select("id").where("id", "in", ids).execute()).map(
        (row) => row.id,
      ),
    );
    const problems: Problem[] = [];
    layers.forEach((layer, index) => {
      if (layer.type === "image" && !found.has(layer.imageId)) {
        problems.push({ message: t.errors.unknownImage, field: `layers[${index}].imageId` });
      }
    });
    return problems;
  },
  prepareForm: prepareLayersForm,
  async pageExtras(_db, row) {
    return {
      templateId: row.id,
      templateName: String(row.name),
      width: Number(row.width),
      height: Number(row.height),
    };
  },
  async extraChoices(db) {
    const [products, images] = await Promise.all([
      db
        .selectFrom("products")
        .select(["id", "name"])
        .orderBy(sql`lower(name)`)
        .orderBy("id")
        .limit(1_000)
        .execute(),
      db.selectFrom("images").select(["id", "alt"]).orderBy("id", "desc").limit(500).execute(),
    ]);
    return {
      previewProducts: products.map((product) => ({
        value: String(product.id),
        label: product.name,
      })),
      layerImages: images.map((image) => ({
        value: String(image.id),
        label: image.alt ? `${image.alt} (#${image.id})` : `${de.fieldLabels.image} #${image.id}`,
      })),
    };
  },
};
