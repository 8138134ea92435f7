import {
  OpeningHoursEditor,
  type HoursRowValue,
} from "#app/components/backend/opening-hours-editor";
import { deCatalogue } from "#app/i18n/de-catalogue";
import type { ResourceEditor, ResourceEditorProps } from "#app/features/backoffice/resource-editor";
import { MenuLinks } from "./menu-links";
import { AlternativeUnitsEditor, BundleItemsEditor, PartsEditor } from "./product-editors";

/** A category's or a product's schedule: when it is offered, in the opening hours' rule editor. */
function Schedule({ legend, values, errors }: { legend: string } & ResourceEditorProps) {
  return (
    <OpeningHoursEditor
      name="schedule"
      legend={legend}
      variant="schedule"
      rules={values.schedule as HoursRowValue[] | null}
      errors={errors}
    />
  );
}

/** What the catalogue's edit pages show beside their fields (decision 083). */
export const catalogueEditors: readonly ResourceEditor[] = [
  {
    resource: "categories",
    Fields: (props) => <Schedule legend={deCatalogue.categories.schedule} {...props} />,
  },
  {
    resource: "products",
    Fields: (props) => (
      <>
        <AlternativeUnitsEditor units={props.values.alternativeUnits} errors={props.errors} />
        <PartsEditor parts={props.values.parts} errors={props.errors} />
        <BundleItemsEditor
          items={props.values.bundleItems}
          products={props.choices.bundleProducts ?? []}
          errors={props.errors}
        />
        <Schedule legend={deCatalogue.products.schedule} {...props} />
      </>
    ),
  },
  {
    resource: "menus",
    Fields: ({ pageExtras }) => <MenuLinks menuId={pageExtras?.menuId as number | undefined} />,
  },
];
