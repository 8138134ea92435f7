import type { OpeningPreview as OpeningPreviewData } from "../../domain/opening-preview";
import { de } from "../../i18n/de-backoffice";
import { deCatalogue } from "../../i18n/de-catalogue";
import { MenuLinks } from "./menu-links";
import { TableCode } from "./table-code";
import { DeviceLog } from "./device-log";
import { deContent } from "../../i18n/de-content";
import { de as deStaff } from "../../i18n/de-staff";
import { NavigationEditor, type NavigationRowValue } from "./navigation-editor";
import { RichTextEditor } from "./rich-text-editor";
import { StreamEntriesEditor } from "./stream-entries-editor";
import { LayersEditor, TemplatePreview } from "./layers-editor";
import { BlockContentEditor } from "./block-editor";
import { DeliveryAreasEditor, type AreaRowValue } from "./delivery-areas-editor";
import { AlternativeUnitsEditor, BundleItemsEditor, PartsEditor } from "./product-editors";
import {
  OpeningHoursEditor,
  OpeningPreview,
  type HoursErrors,
  type HoursRowValue,
} from "./opening-hours-editor";

/**
 * What a resource's edit page shows beside its registry fields, by resource name: the lists of
 * child rows that have their own editors (decision 035). Most resources have none.
 */
export function ResourceExtras({
  name,
  values,
  errors,
  pageExtras,
  choices = {},
}: {
  name: string;
  values: Record<string, unknown>;
  errors: HoursErrors | null | undefined;
  pageExtras: Record<string, unknown> | null;
  /** Choices of the editors' selects (a bundle's products), by name. */
  choices?: Record<string, { value: string; label: string }[]>;
}) {
  if (name === "sites") {
    const t = deContent.sites;
    return (
      <RichTextEditor
        name="body"
        label={t.body}
        help={t.bodyHelp}
        value={typeof values.body === "string" ? values.body : ""}
        error={errors?.body?.[0]}
      />
    );
  }
  if (name === "navigations") {
    return (
      <NavigationEditor
        items={values.items as NavigationRowValue[] | null}
        sites={choices.navigationSites ?? []}
        errors={errors}
      />
    );
  }
  if (name === "digital-signage-streams") {
    return (
      <StreamEntriesEditor
        entries={values.entries}
        segments={choices.streamSegments ?? []}
        errors={errors}
      />
    );
  }
  if (name === "categories") {
    return (
      <OpeningHoursEditor
        name="schedule"
        legend={deCatalogue.categories.schedule}
        variant="schedule"
        rules={values.schedule as HoursRowValue[] | null}
        errors={errors}
      />
    );
  }
  if (name === "products") {
    const t = deCatalogue.products;
    return (
      <>
        <AlternativeUnitsEditor units={values.alternativeUnits} errors={errors} />
        <PartsEditor parts={values.parts} errors={errors} />
        <BundleItemsEditor
          items={values.bundleItems}
          products={choices.bundleProducts ?? []}
          errors={errors}
        />
        <OpeningHoursEditor
          name="schedule"
          legend={t.schedule}
          rules={values.schedule as HoursRowValue[] | null}
          errors={errors}
          variant="schedule"
        />
      </>
    );
  }
  if (name === "image-templates") {
    return (
      <LayersEditor layers={values.layers} images={choices.layerImages ?? []} errors={errors} />
    );
  }
  if (name === "blocks") {
    return (
      <BlockContentEditor
        identifier={values.identifier ?? pageExtras?.identifier}
        content={values.content}
        errors={errors}
        choices={choices}
      />
    );
  }
  if (name === "menus") return <MenuLinks menuId={pageExtras?.menuId as number | undefined} />;
  if (name !== "branches") return null;
  const t = de.branches;
  const preview = pageExtras?.preview as OpeningPreviewData | undefined;
  return (
    <>
      <OpeningHoursEditor
        name="openingHours"
        legend={t.openingHours}
        rules={values.openingHours as HoursRowValue[] | null}
        errors={errors}
      />
      {preview ? (
        <OpeningPreview preview={preview} heading={t.previewOpening} headingLevel={2} />
      ) : null}
      <OpeningHoursEditor
        name="deliveryHours"
        legend={t.deliveryHours}
        rules={values.deliveryHours as HoursRowValue[] | null}
        errors={errors}
        // Off, the delivery hours are not in force: "every day closed" would be untrue (issue 36).
        emptyText={
          deliveryHoursOn(values, pageExtras)
            ? undefined
            : deStaff.hoursEditor.deliveryFollowsOpening
        }
      />
      <DeliveryAreasEditor areas={values.deliveryAreas as AreaRowValue[] | null} errors={errors} />
    </>
  );
}

/**
 * What a resource's edit page shows below its form (outside it, so it may hold forms of its
 * own), by resource name: an image template's rendered preview (decision 041).
 */
export function ResourceAfterForm({
  name,
  pageExtras,
  choices = {},
}: {
  name: string;
  pageExtras: Record<string, unknown> | null;
  choices?: Record<string, { value: string; label: string }[]>;
}) {
  if (name === "devices" && pageExtras) return <DeviceLog extras={pageExtras} />;
  if (name === "tables" && typeof pageExtras?.svg === "string") {
    return (
      <TableCode
        id={Number(pageExtras.tableId)}
        name={String(pageExtras.tableName)}
        url={String(pageExtras.url)}
        svg={pageExtras.svg}
      />
    );
  }
  if (name !== "image-templates" || !pageExtras?.templateId) return null;
  return (
    <TemplatePreview
      templateId={Number(pageExtras.templateId)}
      templateName={String(pageExtras.templateName ?? "")}
      width={Number(pageExtras.width)}
      height={Number(pageExtras.height)}
      products={choices.previewProducts ?? []}
    />
  );
}

/**
 * Whether "Eigene Lieferzeiten" is on: as the form sent it after a round trip (`"on"`), else as
 * stored (an unchecked box sends nothing, so its absence falls back to the stored value).
 */
function deliveryHoursOn(
  values: Record<string, unknown>,
  pageExtras: Record<string, unknown> | null,
): boolean {
  const sent = values.isDeliveryHoursEnabled;
  if (sent !== undefined && sent !== null) return sent === true || sent === "on" || sent === "true";
  return pageExtras?.isDeliveryHoursEnabled === true;
}
