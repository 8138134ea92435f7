import type { OpeningPreview as OpeningPreviewData } from "../../domain/opening-preview";
import { de } from "../../i18n/de-backoffice";
import { DeliveryAreasEditor, type AreaRowValue } from "./delivery-areas-editor";
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
}: {
  name: string;
  values: Record<string, unknown>;
  errors: HoursErrors | null | undefined;
  pageExtras: Record<string, unknown> | null;
}) {
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
      />
      <DeliveryAreasEditor areas={values.deliveryAreas as AreaRowValue[] | null} errors={errors} />
    </>
  );
}
