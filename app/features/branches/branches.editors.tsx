import type { OpeningPreview as OpeningPreviewData } from "#app/domain/opening-preview";
import {
  OpeningHoursEditor,
  OpeningPreview,
  type HoursRowValue,
} from "#app/components/backend/opening-hours-editor";
import { de } from "#app/i18n/de-backoffice";
import { de as deStaff } from "#app/i18n/de-staff";
import type { ResourceEditor, ResourceEditorProps } from "#app/features/backoffice/resource-editor";
import { DeliveryAreasEditor, type AreaRowValue } from "./delivery-areas-editor";

const t = de.branches;

/** A branch's opening and delivery hours, with the coming days' preview, and its delivery areas. */
function BranchEditors({ values, errors, pageExtras }: ResourceEditorProps) {
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

export const branchEditor: ResourceEditor = { resource: "branches", Fields: BranchEditors };
